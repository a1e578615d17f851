import type { FastifyRequest } from 'fastify';

/**
 * Where a request's time goes, stage by stage (issue 26: the point list's tail): `identify` (its user's lookup, inside
 * `receive`), `receive` (arrival to the handler: hooks, the user's lookup, validation, guards), `handler` (the
 * route's work: its database reads), `serialize` (the response checked and written to JSON), `send` (handed to the
 * socket until the response ended). lib/prometheus.ts records them per route; bench/api-load.ts prints them.
 */
export const requestStages = ['identify', 'receive', 'handler', 'serialize', 'send'] as const;
export type RequestStage = (typeof requestStages)[number];

/** performance.now() marks of a request, set as it passes each point. */
interface Marks {
  arrival?: number;
  identifyMs?: number;
  handlerStart?: number;
  handlerEnd?: number;
  onSend?: number;
}
const marks = new WeakMap<FastifyRequest, Marks>();

const marksOf = (request: FastifyRequest): Marks => {
  let m = marks.get(request);
  if (!m) marks.set(request, (m = {}));
  return m;
};

export function markArrival(request: FastifyRequest): void {
  marksOf(request).arrival = performance.now();
}
/** Records how long the request's user lookup took. */
export function markIdentify(request: FastifyRequest, ms: number): void {
  marksOf(request).identifyMs = ms;
}
export function markHandlerStart(request: FastifyRequest): void {
  marksOf(request).handlerStart = performance.now();
}
export function markHandlerEnd(request: FastifyRequest): void {
  marksOf(request).handlerEnd ??= performance.now();
}
/**
 * The answer is handed to the socket. A handler that sent it itself (a JSON answer built by the database, a download)
 * ends its work here, before its promise settles: its stage ends now, and nothing was serialised.
 */
export function markOnSend(request: FastifyRequest): void {
  const m = marksOf(request);
  const now = performance.now();
  if (m.handlerStart !== undefined) m.handlerEnd ??= now;
  m.onSend ??= now;
}

/**
 * The stages' durations (ms) of a request that has just ended; a stage the request did not pass through (an answer
 * from a hook, an error before the handler) is left out.
 */
export function stagesOf(request: FastifyRequest): Partial<Record<RequestStage, number>> {
  const m = marks.get(request);
  if (!m || m.arrival === undefined || m.handlerStart === undefined) return {};
  const out: Partial<Record<RequestStage, number>> = { receive: m.handlerStart - m.arrival };
  if (m.identifyMs !== undefined) out.identify = m.identifyMs;
  if (m.handlerEnd !== undefined) {
    out.handler = m.handlerEnd - m.handlerStart;
    if (m.onSend !== undefined) {
      out.serialize = m.onSend - m.handlerEnd;
      out.send = performance.now() - m.onSend;
    }
  }
  return out;
}

/** The largest of the stages that partition a request (identify is part of receive). */
export function dominantStage(stages: Partial<Record<RequestStage, number>>): RequestStage | undefined {
  let best: RequestStage | undefined;
  for (const s of ['receive', 'handler', 'serialize', 'send'] as const) {
    const v = stages[s];
    if (v !== undefined && (best === undefined || v > (stages[best] ?? 0))) best = s;
  }
  return best;
}
