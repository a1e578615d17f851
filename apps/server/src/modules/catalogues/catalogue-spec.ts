import type { FilterFieldType } from '@syrx/contracts/grid';

/** Rows of another table that use a catalogue row (by a column referring to its id, ON DELETE RESTRICT). */
export interface CatalogueUsage {
  table: string;
  /** The referring column, or several (a row is used when any of them refers to it). */
  column: string | readonly string[];
  /** The wire name of the count in the grid ('accounts'). */
  as: string;
  /** What uses it, one and many, for the 409 ('account', 'accounts'). */
  users: readonly [string, string];
}

/**
 * One Admin catalogue as the shared service and repository handle it: a table whose columns have their wire names,
 * one of which names a row and is unique in any letter case.
 */
export interface CatalogueSpec {
  /** What a row is in messages ('utility company': "The utility company was not found."). */
  what: string;
  /** The audit log's target type ('utility_company'). */
  kind: string;
  table: string;
  /** The columns written and read besides id, the same names on the wire. */
  columns: readonly string[];
  /** The column that names a row in messages and the audit log; unique in any letter case. Grids sort by it. */
  key: string;
  /** Grid fields (a column, `usage.as` or id) and their filter types. */
  fields: Readonly<Record<string, FilterFieldType>>;
  usage?: CatalogueUsage;
  /**
   * A part of a shared table: its rows hold these values (written on insert, a condition of every read and write), so
   * two catalogues keep their rows in one table (issue and task field options).
   */
  scope?: Readonly<Record<string, string>>;
  /** Columns an update may not change (400 naming the column): a field option stays the field it was made for. */
  fixed?: readonly string[];
  /** The key is unique only among rows with the same values of these columns (a field option's name per field). */
  keyWithin?: readonly string[];
  /** Brings an input to what is stored, or refuses it with a 400 naming the field (a station's time zone). */
  prepare?: (input: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}
