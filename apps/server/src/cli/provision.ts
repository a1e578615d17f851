/**
 * Factory provisioning: creates unclaimed controllers and prints each id and password, as the label
 * printed on the device. Usage: npm run provision -- --count N
 * With the embedded database, stop the server first (one process owns the data directory).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createControllersService } from '../modules/controllers/controllers.service.ts';
import { createGroupsService } from '../modules/groups/groups.service.ts';
import { DomainEvents } from '../lib/domain-events.ts';
import { withDatabase } from './with-database.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1' } } });
const count = z.coerce.number().int().min(1).max(1000).safeParse(values.count);
if (!count.success) {
  console.error('--count must be a whole number from 1 to 1000');
  process.exit(2);
}

const provisioned = await withDatabase((db) => createControllersService(db, createGroupsService(db), new DomainEvents()).provision(count.data));
for (const c of provisioned) console.log(`Syrx Controller ID: ${c.id}  Password: ${c.password}`);
