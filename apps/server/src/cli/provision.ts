/**
 * Factory provisioning: creates unclaimed controllers and prints each id and password, as the label
 * printed on the device. Usage: npm run provision -- --count N
 * With the embedded database, stop the server first (one process owns the data directory).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config/env.ts';
import { connectDatabase, runMigrations } from '../db/client.ts';
import { startEmbeddedDatabase } from '../db/embedded.ts';
import { createControllersService } from '../modules/controllers/controllers.service.ts';
import { createGroupsService } from '../modules/groups/groups.service.ts';
import { DomainEvents } from '../lib/domain-events.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1' } } });
const count = z.coerce.number().int().min(1).max(1000).safeParse(values.count);
if (!count.success) {
  console.error('--count must be a whole number from 1 to 1000');
  process.exit(2);
}

const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedDatabase(config.dataDir);
const database = connectDatabase(config.databaseUrl ?? embedded?.url ?? '', { embedded: embedded !== null });
try {
  await runMigrations(database.db);
  const controllers = createControllersService(database.db, createGroupsService(database.db), new DomainEvents());
  for (const c of await controllers.provision(count.data)) console.log(`Syrx Controller ID: ${c.id}  Password: ${c.password}`);
} finally {
  await database.close();
  await embedded?.stop();
}
