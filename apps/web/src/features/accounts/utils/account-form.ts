import type { FormRule } from 'antd';
import { type Account, type AccountCreate, type AccountType, type AccountUpdate, accountMessages, type NormalizationCreate, isIsoDay, priceStep } from '@syrx/contracts/accounts';
import type { FormErrorRules } from '../../../lib/form-errors';
import type { HistoryKind } from '../api/accounts';

/** The account form: numbers as antd's InputNumber holds them (null when empty). */
export interface AccountFormValues {
  name: string;
  num: string;
  type: AccountType | undefined;
  weatherstation_id: number | undefined;
  timezone: string | undefined;
  /** Only on a new account. */
  buildingSquareFootage: number | null;
  utilityCostPerUnit: number | null;
}

export const accountFormFields: readonly (keyof AccountFormValues)[] = ['name', 'num', 'type', 'weatherstation_id', 'timezone', 'buildingSquareFootage', 'utilityCostPerUnit'];

/**
 * The specification keeps account save errors in state without showing them; our forms show every refusal
 * (docs/decisions.md), naming the field of a message no field of the form holds.
 */
export const accountSaveRules: FormErrorRules = { nameUnshown: true };

export const newAccountValues: AccountFormValues = {
  name: '', num: '', type: undefined, weatherstation_id: undefined, timezone: undefined, buildingSquareFootage: null, utilityCostPerUnit: null,
};

export const toAccountFormValues = (a: Account): AccountFormValues => ({
  name: a.name, num: a.num ?? '', type: a.type, weatherstation_id: a.weatherstation_id, timezone: a.timezone,
  buildingSquareFootage: a.initial_size_normalization, utilityCostPerUnit: a.initial_price_normalization,
});

/** PUT /api/v2/accounts/{id}: the account's own fields (the form's rules have made sure they are set). */
export const toAccountUpdate = (v: AccountFormValues): AccountUpdate => ({
  name: v.name.trim(), num: v.num.trim() === '' ? null : v.num.trim(), type: v.type ?? 'electric', weatherstation_id: v.weatherstation_id ?? 0, timezone: v.timezone ?? '',
});

/** POST /api/v2/accounts: into the current group, with the starting size and cost. */
export const toAccountCreate = (v: AccountFormValues, groupId: number): AccountCreate => ({
  ...toAccountUpdate(v), group_id: groupId, buildingSquareFootage: v.buildingSquareFootage ?? 0, utilityCostPerUnit: v.utilityCostPerUnit ?? 0,
});

const check = (ok: boolean, message: string) => (ok ? Promise.resolve() : Promise.reject(new Error(message)));
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** A whole number of cents (spec 02 section 5: cost step 0.01), allowing for binary fractions such as 0.29. */
export const isCentStep = (v: number): boolean => Math.abs(v / priceStep - Math.round(v / priceStep)) < 1e-6;

const sizeRule: FormRule = { validator: (_r, v: unknown) => check(isNumber(v) && v > 0, accountMessages.size) };
const priceRules: FormRule[] = [
  { validator: (_r, v: unknown) => check(isNumber(v) && v >= 0, accountMessages.price) },
  { validator: (_r, v: unknown) => check(!isNumber(v) || isCentStep(v), accountMessages.priceStep) },
];

/** Spec 02 section 5: name, type, weather station and time zone required; number optional; size and cost on create. */
export const accountRules = {
  name: [{ required: true, whitespace: true, message: accountMessages.name }, { max: 200, message: accountMessages.nameLength }],
  num: [{ max: 100, message: accountMessages.numLength }],
  type: [{ required: true, message: accountMessages.type }],
  weatherstation_id: [{ required: true, message: accountMessages.weatherStation }],
  timezone: [{ required: true, message: accountMessages.timezone }],
  buildingSquareFootage: [sizeRule],
  utilityCostPerUnit: priceRules,
} satisfies Record<keyof AccountFormValues, FormRule[]>;

/** A history form: the date as the date input holds it (YYYY-MM-DD), the size or cost, a note. */
export interface HistoryFormValues {
  effective_date: string;
  value: number | null;
  note: string;
}

export const historyFormFields: readonly (keyof HistoryFormValues)[] = ['effective_date', 'value', 'note'];
export const newHistoryValues: HistoryFormValues = { effective_date: '', value: null, note: '' };

export const toHistoryEntry = (accountId: number, v: HistoryFormValues): NormalizationCreate => ({
  account_id: accountId, effective_date: v.effective_date, value: v.value ?? 0, note: v.note.trim() === '' ? null : v.note.trim(),
});

/** Spec 02 section 5: date and size (or cost, in steps of 0.01) required. */
export const historyRules = (kind: HistoryKind) =>
  ({
    effective_date: [{ validator: (_r, v: unknown) => check(typeof v === 'string' && isIsoDay(v), accountMessages.date) }],
    value: kind === 'size' ? [sizeRule] : priceRules,
    note: [{ max: 1000, message: accountMessages.noteLength }],
  }) satisfies Record<keyof HistoryFormValues, FormRule[]>;
