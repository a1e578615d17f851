import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column builders the tables share (Drizzle's idiom for repeated column definitions). Function declarations, not
// arrow constants: the table files import each other in cycles, and a declaration is callable before its module ran.

/** A point in time with its zone: every time the schema stores. */
export function at(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was written (or last changed): set by the database unless the insert says otherwise. */
export function writtenAt(name: string) {
  return at(name).notNull().default(sql`now()`);
}

/** The generated integer key most tables have. */
export function identityId() {
  return integer('id').primaryKey().generatedAlwaysAsIdentity();
}

/** A required reference to the row this one belongs to: deleted with it. */
export function belongsTo(name: string, parent: () => AnyPgColumn) {
  return integer(name).notNull().references(parent, { onDelete: 'cascade' });
}

/** The same for a row whose parent has a uuid key (a controller). */
export function belongsToUuid(name: string, parent: () => AnyPgColumn) {
  return uuid(name).notNull().references(parent, { onDelete: 'cascade' });
}
