import type { FormRule } from 'antd';
import { isIsoDay } from '@syrx/contracts/accounts';
import type { ComponentNode } from '@syrx/contracts/components';
import { type Equipment, type EquipmentFields, equipmentMessages } from '@syrx/contracts/equipment';

/** The Equipment Information form: every field as text (dates YYYY-MM-DD as the date inputs hold them). */
export interface EquipmentFormValues {
  name: string;
  description: string;
  department: string;
  model: string;
  manufacturer: string;
  serial: string;
  install_date: string;
  demo_date: string;
  location: string;
}

export const equipmentFormFields: readonly (keyof EquipmentFormValues)[] = ['name', 'description', 'department', 'model', 'manufacturer', 'serial', 'install_date', 'demo_date', 'location'];

export const emptyEquipmentValues: EquipmentFormValues = {
  name: '', description: '', department: '', model: '', manufacturer: '', serial: '', install_date: '', demo_date: '', location: '',
};

export const toEquipmentFormValues = (e: Equipment): EquipmentFormValues => ({
  name: e.name, description: e.description ?? '', department: e.department ?? '', model: e.model ?? '', manufacturer: e.manufacturer ?? '',
  serial: e.serial ?? '', install_date: e.install_date ?? '', demo_date: e.demo_date ?? '', location: e.location ?? '',
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
/** Spec 02 section 5: an invalid or blank install or demo date is sent as null. */
const dayOrNull = (v: string) => (isIsoDay(v.trim()) ? v.trim() : null);

export const toEquipmentFields = (v: EquipmentFormValues): EquipmentFields => ({
  name: v.name.trim(), description: orNull(v.description), department: orNull(v.department), model: orNull(v.model), manufacturer: orNull(v.manufacturer),
  serial: orNull(v.serial), install_date: dayOrNull(v.install_date), demo_date: dayOrNull(v.demo_date), location: orNull(v.location),
});

/** A day as MM/DD/YYYY (spec 02 section 5: entered YYYY-MM-DD, shown MM/DD/YYYY); '' for none. */
export const formatIsoDay = (day: string | null): string => (day && isIsoDay(day) ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '');

export const equipmentRules: Partial<Record<keyof EquipmentFormValues, FormRule[]>> = {
  name: [{ required: true, whitespace: true, message: equipmentMessages.name }, { max: 200, message: equipmentMessages.length('a name', 200) }],
  description: [{ max: 1000, message: equipmentMessages.length('a description', 1000) }],
  location: [{ max: 500, message: equipmentMessages.length('a location', 500) }],
};

/** A category's choices for a select: every type below it, labelled by its path from the category. */
export function choicesOf(category: ComponentNode): { value: number; label: string }[] {
  const walk = (nodes: readonly ComponentNode[], path: string[]): { value: number; label: string }[] =>
    nodes.flatMap((n) => [{ value: n.id, label: [...path, n.description].join(' › ') }, ...walk(n.children, [...path, n.description])]);
  return walk(category.children, []);
}
