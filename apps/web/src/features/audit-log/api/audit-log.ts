import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filterParams, type Sort } from '@syrx/contracts/grid';
import { auditRoutes } from '@syrx/contracts/routes/audit';
import { callRoute } from '../../../lib/api-client';
import { sortParam } from '../../../lib/grid-query';
import { type AuditFilters, auditGridFilters } from '../utils/audit-query';

export interface AuditQuery {
  filters: AuditFilters;
  sort: readonly Sort[];
  skip: number;
  take: number;
}

/** GET /api/v2/audit-log: one page (audit_log_view). */
export const getAuditLog = (q: AuditQuery) =>
  callRoute(auditRoutes.list, { query: { skip: q.skip, take: q.take, sort: sortParam(q.sort), ...filterParams(auditGridFilters(q.filters)) } });

/** GET /api/v2/audit-log/count with the same filters. */
export async function countAuditLog(filters: AuditFilters): Promise<number> {
  const { count } = await callRoute(auditRoutes.count, { query: filterParams(auditGridFilters(filters)) });
  return count;
}

/** A page of the audit log and the number of entries it pages through; the previous page stays while the next loads. */
export function useAuditLogPage(q: AuditQuery) {
  const page = useQuery({ queryKey: ['audit-log', 'page', q], queryFn: () => getAuditLog(q), placeholderData: keepPreviousData });
  const count = useQuery({ queryKey: ['audit-log', 'count', q.filters], queryFn: () => countAuditLog(q.filters), placeholderData: keepPreviousData });
  return { page, count };
}
