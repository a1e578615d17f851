import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { isoOf } from '../lib/sql-dates.ts';
import { renderedSelectList, renderedStatement } from './rendered-select.ts';
import { bacnetDevices, bacnetPoints } from './schema/index.ts';

describe('renderedSelectList', () => {
  it('renders qualified columns and expressions under their wire names, as one raw chunk', () => {
    const list = renderedSelectList({ id: bacnetPoints.id, device_name: bacnetDevices.name, first_seen_on: isoOf(bacnetPoints.firstSeenOn) });
    expect(list.queryChunks).toHaveLength(1);
    const q = new PgDialect().sqlToQuery(list);
    expect(q.params).toEqual([]);
    expect(q.sql).toBe(
      `"bacnet_points"."id" as "id", "bacnet_devices"."name" as "device_name", to_char("bacnet_points"."first_seen_on" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "first_seen_on"`,
    );
  });

  it('refuses an expression with a parameter (its value would be frozen into the text)', () => {
    expect(() => renderedSelectList({ id: bacnetPoints.id, label: sql`${'x'} || ${bacnetPoints.name}` })).toThrow(/no parameters/);
  });
});

describe('renderedStatement', () => {
  const dialect = new PgDialect();
  const build = (v: { a: unknown; b: unknown }) => sql`select ${bacnetPoints.id} from ${bacnetPoints} where ${bacnetPoints.deviceId} = ${v.a} and ${bacnetPoints.name} = ${v.b}`;

  it('gives the text drizzle would build, with the values of each call bound in order', () => {
    const statement = renderedStatement(['a', 'b'], (v) => build(v));
    const once = dialect.sqlToQuery(statement({ a: 7, b: "AI-1 'quoted'" }));
    expect(once).toEqual(dialect.sqlToQuery(build({ a: 7, b: "AI-1 'quoted'" })));
    expect(once.params).toEqual([7, "AI-1 'quoted'"]);
    expect(dialect.sqlToQuery(statement({ a: 8, b: null })).params).toEqual([8, null]);
  });

  it('refuses a template that uses a value twice, leaves one out, or carries a value of its own', () => {
    expect(() => renderedStatement(['a'], (v) => sql`select ${v.a}, ${v.a}`)).toThrow(/exactly once/);
    expect(() => renderedStatement(['a', 'b'], (v) => sql`select ${v.a}`)).toThrow(/exactly once/);
    expect(() => renderedStatement(['a'], (v) => sql`select ${v.a}, ${'fixed'}`)).toThrow(/exactly once/);
  });
});
