import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { heartbeatCheck, heartbeatSchema } from './agent-protocol.ts';
import type { Check } from './guarded.ts';
import { agentMetricsUploadCheck, agentMetricsUploadSchema, metricGroupTypes } from './metrics.ts';
import { agentRecordsUploadCheck, agentRecordsUploadSchema } from './records.ts';

// Numbers at the edges of what the schemas take: ids (positive, ≤ 2^31 − 1), times (positive safe integers), values (finite).
const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 1.5, 2_147_483_647, 2_147_483_648, 2 ** 53 - 1, 2 ** 53, Number.MAX_VALUE, 5e-324, NaN, Infinity, -Infinity),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
);
const anything = fc.oneof(edgeNumber, fc.constantFrom(null, undefined, true, '', '1', {}, []), fc.string({ maxLength: 3 }));
const fieldOf = (good: fc.Arbitrary<unknown>) => fc.oneof({ weight: 15, arbitrary: good }, { weight: 1, arbitrary: anything });
/** Mostly lists of well-formed-looking elements with now and then a wrong one, a wrong length or no list at all. */
const uploadOf = (key: string, element: fc.Arbitrary<unknown>) => fc.oneof(
  { weight: 6, arbitrary: fc.array(element, { maxLength: 4 }).map((list) => ({ [key]: list })) },
  { weight: 1, arbitrary: fc.array(element, { maxLength: 3 }).map((list) => Object.assign(list, { [key]: list })) },
  { weight: 1, arbitrary: fc.record({ [key]: anything }) },
  { weight: 1, arbitrary: anything },
);

const record = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fieldOf(fc.integer({ min: 1, max: 2_147_483_647 })), fieldOf(fc.integer({ min: 1 })), fieldOf(fc.double({ noNaN: true, noDefaultInfinity: true }))).chain((r) =>
    fc.constantFrom<unknown[]>(r, [...r, 1], [...r, undefined], [...r, 2], [...r, 1, 1])) },
  { weight: 1, arbitrary: fc.array(anything, { maxLength: 5 }) },
);
const groupName = fc.oneof({ weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) }, fc.constantFrom<unknown>('', 'x'.repeat(200), 'x'.repeat(201), '😀'.repeat(100), '😀'.repeat(101)));
const sample = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fieldOf(fc.integer({ min: 1 })), fieldOf(fc.constantFrom<unknown>(...metricGroupTypes, 'toString', '__proto__', 'Overall')), fieldOf(groupName),
    fieldOf(fc.double({ noNaN: true, noDefaultInfinity: true })), fieldOf(fc.double({ noNaN: true, noDefaultInfinity: true })), fieldOf(fc.integer())).chain((s) => fc.constantFrom<unknown[]>(s, s, s, s.slice(0, 5), [...s, 1])) },
  { weight: 1, arbitrary: fc.array(anything, { maxLength: 7 }) },
);

const shortText = (max: number) => fc.oneof({ weight: 8, arbitrary: fc.string({ maxLength: 6 }) }, fc.constantFrom<unknown>('x'.repeat(max), 'x'.repeat(max + 1), '😀'.repeat(max / 2), '😀'.repeat(max / 2 + 1)));
/**
 * An object of these fields (the `optional` ones now and then absent), each now and then wrong, and now and then with a
 * key the schema does not know.
 */
const objectOf = (fields: Record<string, fc.Arbitrary<unknown>>, optional: readonly string[] = []) => fc.tuple(
  fc.record(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldOf(v)])), { requiredKeys: Object.keys(fields).filter((k) => !optional.includes(k)) }),
  fc.oneof({ weight: 12, arbitrary: fc.constant({}) }, fc.constantFrom<Record<string, unknown>>({ extra: 1 }, { toString: 'x' })),
).map(([o, extra]) => ({ ...o, ...extra }));
const diagnosticsValue = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), shortText(500), fc.constantFrom<unknown>(undefined, [], {}));
const diagnostics = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.oneof({ weight: 8, arbitrary: fc.string({ maxLength: 8 }) }, fc.constantFrom('x'.repeat(64), 'x'.repeat(65), '__proto__', 'constructor')), diagnosticsValue, { maxKeys: 4, noNullPrototype: true }) },
  { weight: 1, arbitrary: anything },
);
const rollout = objectOf({ state: fc.constantFrom<unknown>('built_in', 'up_to_date', 'updating', 'rolled_back', 'failed', 'no_match', 'other'), target_version: fc.oneof(fc.constant(null), shortText(100)), reason: fc.oneof(fc.constant(null), shortText(2000)), since: shortText(40) });
const service = objectOf({ service_id: shortText(200), reported_version: fc.oneof(fc.constant(null), shortText(100)), diagnostics, rollout }, ['diagnostics', 'rollout']);
const unitStatus = objectOf({ unit: shortText(200), active_state: shortText(50), sub_state: shortText(50) }, ['sub_state']);
const heartbeat = fc.oneof(
  { weight: 8, arbitrary: objectOf({ services: fc.array(service, { maxLength: 6 }), critical_statuses: fc.array(unitStatus, { maxLength: 4 }), heartbeat_seconds: fc.oneof(fc.integer({ min: -1, max: 60 }), fc.double()) }, ['heartbeat_seconds']) },
  { weight: 1, arbitrary: anything },
);

/**
 * The check answers as its schema does for every payload, and where its guard took the payload (the answer is the
 * payload itself, not the schema's copy) the schema accepts it. The guards take nearly every payload their schema
 * takes: the metric samples' group name is measured in UTF-16 units by the guard and in code points by zod, so a name of
 * 101 to 200 characters beyond the Basic Multilingual Plane goes to the schema.
 */
function answersAsItsSchema(check: Check<unknown>, schema: z.ZodType, payloads: fc.Arbitrary<unknown>, { sameData = false, guardShare = 0.8 } = {}): void {
  let guardTook = 0;
  let schemaTook = 0;
  fc.assert(fc.property(payloads, (payload) => {
    const ours = check.safeParse(payload);
    const theirs = schema.safeParse(payload);
    expect(ours.success).toBe(theirs.success);
    const tookIt = ours.success && ours.data === payload;
    if (tookIt) expect(theirs.success).toBe(true);
    // Objects: what the guard takes is what the schema would have answered (nothing it would strip or change).
    if (tookIt && sameData && theirs.success) expect(theirs.data).toStrictEqual(payload);
    if (tookIt) guardTook++;
    if (theirs.success) schemaTook++;
    if (!ours.success && !theirs.success) expect(ours.error.issues).toEqual(theirs.error.issues);
  }), { numRuns: 3000 });
  expect(schemaTook).toBeGreaterThan(50);
  expect(guardTook).toBeGreaterThan(schemaTook * guardShare);
}

describe('guarded upload checks', () => {
  it('records: the same answers as agentRecordsUploadSchema, the well-formed ones without the schema', () => {
    answersAsItsSchema(agentRecordsUploadCheck, agentRecordsUploadSchema, uploadOf('records', record));
  });

  it('metric samples: the same answers as agentMetricsUploadSchema, the well-formed ones without the schema', () => {
    answersAsItsSchema(agentMetricsUploadCheck, agentMetricsUploadSchema, uploadOf('samples', sample));
  });

  it('heartbeats: the same answers as heartbeatSchema, and what the guard takes is the schema\'s answer as it is', () => {
    // Keys the schema strips and astral strings go to the schema by design, and the generator makes many of them.
    answersAsItsSchema(heartbeatCheck, heartbeatSchema, heartbeat, { sameData: true, guardShare: 0.5 });
    // An agent's heartbeat (apps/agent heartbeat(): six services, their diagnostics, a rollout) is taken as it came.
    const services = ['Syrx.UpdaterService', 'Syrx.Services.ReportingService', 'Syrx.Services.DiagnosticService'].map((service_id) => ({
      service_id, reported_version: '1.4.2', diagnostics: { buffer_depth: 12, oldest_unsent: '2026-11-28T10:00:00.000Z', ok: true, broker_state: null },
      rollout: { state: 'up_to_date', target_version: null, reason: null, since: '2026-11-28T09:00:00.000Z' },
    }));
    const agents = { services, critical_statuses: [{ unit: 'syrx-updater.service', active_state: 'active', sub_state: 'running' }], heartbeat_seconds: 10 };
    const r = heartbeatCheck.safeParse(agents);
    expect(r.success && r.data).toBe(agents);
  });

  it('lists at their limits: 5000 elements taken by the guard, 5001 and none refused with the schema\'s words', () => {
    for (const [check, key, element] of [[agentRecordsUploadCheck, 'records', [7, 1_700_000_000_000, 21.5]], [agentMetricsUploadCheck, 'samples', [1_700_000_000_000, 'overall', 'overall', 1, 2, 3]]] as const) {
      const full = { [key]: Array.from({ length: 5000 }, () => element) };
      const r = check.safeParse(full);
      expect(r.success && r.data).toBe(full);
      for (const length of [0, 5001]) {
        const refused = check.safeParse({ [key]: Array.from({ length }, () => element) });
        expect(refused.success).toBe(false);
        if (!refused.success) expect(refused.error.issues[0]?.path).toEqual([key]);
      }
    }
  });
});
