import type { FormRule } from 'antd';
import { type Project, type ProjectCreate, projectMessages, type ProjectPersonField } from '@syrx/contracts/projects';

/** A person select's value: a contact id, or '' for the empty option. */
export type PersonValue = number | '';

/** The project form: dates as the date inputs hold them (YYYY-MM-DD, '' when empty). */
export interface ProjectFormValues extends Record<ProjectPersonField, PersonValue> {
  name: string;
  address: string;
  customer_project_id: string;
  architect_project_id: string;
  start_date: string;
  complete_date: string;
  estimated_cost: string;
}

export const projectFormFields: readonly (keyof ProjectFormValues)[] = [
  'name', 'address', 'customer_project_id', 'architect_project_id', 'start_date', 'complete_date', 'estimated_cost', 'owner_id', 'comm_authority_id', 'engineer_id',
];

export const newProjectValues: ProjectFormValues = {
  name: '', address: '', customer_project_id: '', architect_project_id: '', start_date: '', complete_date: '', estimated_cost: '',
  owner_id: '', comm_authority_id: '', engineer_id: '',
};

const two = (n: number) => String(n).padStart(2, '0');

/** The UTC day of a timestamp as a date input's value (YYYY-MM-DD); '' for none. */
export function dayOfTimestamp(iso: string | null): string {
  const d = iso === null ? null : new Date(iso);
  return d === null || Number.isNaN(d.getTime()) ? '' : `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/** A date input's value (YYYY-MM-DD) as the UTC timestamp of that day's midnight; null when empty or no such day. */
export function timestampOfDay(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? d.toISOString() : null;
}

/** A timestamp's UTC day as MM/DD/YYYY (spec 02 section 9); '' for none. */
export function formatDay(iso: string | null): string {
  const day = dayOfTimestamp(iso);
  return day === '' ? '' : `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

/** The estimated cost with a $ prefix (once, whether or not it was typed); '' for none. */
export const formatCost = (cost: string | null): string => (cost === null || cost.trim() === '' ? '' : `$${cost.trim().replace(/^\$\s*/, '')}`);

export const toProjectFormValues = (p: Project): ProjectFormValues => ({
  name: p.name, address: p.address ?? '', customer_project_id: p.customer_project_id ?? '', architect_project_id: p.architect_project_id ?? '',
  start_date: dayOfTimestamp(p.start_date), complete_date: dayOfTimestamp(p.complete_date), estimated_cost: p.estimated_cost ?? '',
  owner_id: p.owner_id ?? '', comm_authority_id: p.comm_authority_id ?? '', engineer_id: p.engineer_id ?? '',
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const person = (v: PersonValue) => (v === '' ? null : v);

/** The request body (spec 02 section 5): dates as UTC timestamps, empty people as null, plus the group (and id on update). */
export const toProjectBody = (v: ProjectFormValues, groupId: number, id?: number): ProjectCreate & { id?: number } => ({
  ...(id === undefined ? {} : { id }),
  name: v.name.trim(), address: orNull(v.address), customer_project_id: orNull(v.customer_project_id), architect_project_id: orNull(v.architect_project_id),
  start_date: timestampOfDay(v.start_date), complete_date: timestampOfDay(v.complete_date), estimated_cost: orNull(v.estimated_cost),
  owner_id: person(v.owner_id), comm_authority_id: person(v.comm_authority_id), engineer_id: person(v.engineer_id), group_id: groupId,
});

/** The empty option of a person select: 'Select Owner' while it was never set, 'No Owner' once it was cleared. */
export const emptyPersonLabel = (label: string, everSet: boolean): string => `${everSet ? 'No' : 'Select'} ${label}`;

const dayRule: FormRule = {
  validator: (_r, v: unknown) => (typeof v !== 'string' || v === '' || timestampOfDay(v) !== null ? Promise.resolve() : Promise.reject(new Error('Enter a valid date'))),
};

/** Spec 02 section 5: the name is required; nothing else is bounded beyond the server's lengths. */
export const projectRules: Partial<Record<keyof ProjectFormValues, FormRule[]>> = {
  name: [{ required: true, whitespace: true, message: projectMessages.name }, { max: 200, message: projectMessages.length('a name', 200) }],
  address: [{ max: 500, message: projectMessages.length('an address', 500) }],
  customer_project_id: [{ max: 100, message: projectMessages.length('a customer project id', 100) }],
  architect_project_id: [{ max: 100, message: projectMessages.length('an architect project id', 100) }],
  start_date: [dayRule],
  complete_date: [dayRule],
  estimated_cost: [{ max: 100, message: projectMessages.length('an estimated cost', 100) }],
};
