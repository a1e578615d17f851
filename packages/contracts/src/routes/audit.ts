import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '../audit.ts';
import { countSchema } from '../controllers.ts';
import { route } from '../route.ts';

const tags = ['audit log'];
const base = '/api/v2/audit-log';

/** The audit log (newer base): a page of entries and their count, for the Admin screen (audit_log_view). */
export const auditRoutes = {
  list: route({ method: 'GET', path: base, tags, query: auditQuerySchema, response: z.array(auditEntrySchema) }),
  count: route({ method: 'GET', path: `${base}/count`, tags, query: auditQuerySchema, response: countSchema }),
};
