// How the fake servers page a list, as apps/server does.

/**
 * The page of `rows` a grid asks for (`pageNum` from 1 and `pageSize`; a route may name them otherwise) and their total.
 */
export function pageOf<T>(rows: readonly T[], q: URLSearchParams, params = { num: 'pageNum', size: 'pageSize', defaultSize: 20 }): { items: T[]; total: number } {
  const size = Number(q.get(params.size) ?? params.defaultSize);
  const from = (Number(q.get(params.num) ?? 1) - 1) * size;
  return { items: rows.slice(from, from + size), total: rows.length };
}

/** The rows an older list asks for with `skip` and `take` (`defaultTake` without it). */
export function skipTake<T>(rows: readonly T[], q: URLSearchParams, defaultTake: number): T[] {
  const skip = Number(q.get('skip') ?? 0);
  return rows.slice(skip, skip + Number(q.get('take') ?? defaultTake));
}
