/**
 * Fails when the Drizzle schema and the checked-in migrations disagree: generates into a scratch copy
 * of the migration folder and reports any new file.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverDir = new URL('../..', import.meta.url).pathname;
const checkedIn = path.join(serverDir, 'drizzle');
const scratch = mkdtempSync(path.join(tmpdir(), 'syrx-migrations-'));
try {
  cpSync(checkedIn, scratch, { recursive: true });
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'pending'], {
    cwd: serverDir,
    env: { ...process.env, DRIZZLE_OUT: scratch },
    stdio: 'pipe',
  });
  const added = readdirSync(scratch).filter((f) => f.endsWith('.sql') && !readdirSync(checkedIn).includes(f));
  if (added.length > 0) {
    console.error(`The schema has changes without a migration (${added.join(', ')}). Run: npm run db:generate -w apps/server`);
    process.exit(1);
  }
  console.log('Migrations match the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
