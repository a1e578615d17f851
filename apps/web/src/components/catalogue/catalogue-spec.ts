import type { ReactNode } from 'react';
import type { FormRule } from 'antd';
import type { CatalogueApi } from './catalogue-api';

/** A field of a catalogue's editor: text (trimmed; empty is null unless required), a number, a choice or a yes/no. */
export interface CatalogueField {
  name: string;
  label: string;
  kind?: 'text' | 'number' | 'select' | 'checkbox';
  /** The message when it is left empty; absent: optional. */
  required?: string;
  /** Text: at most this many characters, with this message. */
  max?: [number, string];
  /** Number: from, to, and the message outside. */
  range?: [number, number, string];
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  /** More checks (a web address, a code's letters). */
  rules?: FormRule[];
}

/** A column of a catalogue's grid: a field of the row, sortable by the server unless said otherwise. */
export interface CatalogueColumn<T> {
  field: keyof T & string;
  title: string;
  width?: number;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
}

/** One Admin catalogue screen: its texts, grid, editor fields and calls. */
export interface CatalogueScreenSpec<T extends { id: number }> {
  /** The page title and the grid's name ("Utility companies"). */
  title: string;
  /** One row in texts ("utility company": "New utility company", "Edit utility company"). */
  one: string;
  many: string;
  /** The field that names a row (the grid's default sort; the delete question). */
  key: keyof T & string;
  /** The text filter above the grid ("contains"). */
  filter: { field: keyof T & string; label: string };
  columns: readonly CatalogueColumn<T>[];
  fields: readonly CatalogueField[];
  api: CatalogueApi<T>;
  /** Why the row cannot be deleted now ("Used by 3 accounts"), shown in the delete dialog; null when nothing uses it. */
  usage?: (row: T) => string | null;
}

/** A row's values as the editor shows them: text as text (empty for none), numbers as numbers or null. */
export function formValuesOf(fields: readonly CatalogueField[], row: Record<string, unknown> | null): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => {
    const v = row?.[f.name];
    if (f.kind === 'checkbox') return [f.name, v === true];
    if (f.kind === 'number') return [f.name, typeof v === 'number' ? v : null];
    return [f.name, v === null || v === undefined ? (f.kind === 'select' ? undefined : '') : v];
  }));
}

/** The editor's values as the API takes them: text trimmed, empty optional text as null. */
export function bodyOf(fields: readonly CatalogueField[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => {
    const v = values[f.name];
    if (typeof v !== 'string') return [f.name, v ?? null];
    const text = v.trim();
    return [f.name, text === '' && !f.required ? null : text];
  }));
}
