import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newPassword } from '../../lib/tokens.ts';
import { seedWeatherStations } from '../accounts/weather-stations.service.ts';
import { seedCatalogues } from '../catalogues/catalogues.service.ts';
import { seedComponents } from '../components/components.service.ts';
import { seedDemoProjects } from '../projects/demo-projects.service.ts';
import { seedPurchasingCatalogue } from '../purchasing/catalogue.service.ts';
import { groupWrites } from '../groups/groups.service.ts';
import { seedGroupPermissions } from '../roles/group-roles.service.ts';
import { administratorRole, organizationAdministratorRole } from './roles.ts';
import { usersRepo } from './users.repo.ts';
import { demoGroups } from './demo-data.ts';

export const rootGroupName = 'Root';

export interface BootstrapResult {
  /** Set when the first administrator was created with a generated password, to print once. */
  generatedPassword?: string;
  adminCreated: boolean;
}

/**
 * First start on an empty database: the root group, the built-in roles and an administrator with
 * every permission. Later starts only refresh the built-in roles' permission lists. Every start brings the weather
 * station catalogue and the group permission catalogue up to date.
 */
export async function bootstrap(db: Db, opts: { adminUsername: string; adminPassword: string | undefined; demo: boolean }): Promise<BootstrapResult> {
  const password = opts.adminPassword ?? newPassword();
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    const adminRoleId = await usersRepo.upsertRole(tx, administratorRole.name, administratorRole.permissions);
    await usersRepo.upsertRole(tx, organizationAdministratorRole.name, organizationAdministratorRole.permissions);
    if ((await usersRepo.count(tx)) > 0) return { adminCreated: false };
    const rootId = await groupWrites.ensureRoot(tx, rootGroupName);
    const adminId = await usersRepo.insert(tx, {
      username: opts.adminUsername, passwordHash, firstName: 'Administrator', emailValidatedAt: new Date(), currentGroupId: rootId,
    });
    await usersRepo.assignRole(tx, adminId, adminRoleId);
    await groupWrites.addGroupAdmin(tx, adminId, rootId);
    return { adminCreated: true };
  });
  await seedWeatherStations(db);
  await seedComponents(db);
  await seedCatalogues(db);
  await seedPurchasingCatalogue(db);
  await seedGroupPermissions(db);
  if (opts.demo) await seedDemo(db);
  return result.adminCreated && !opts.adminPassword ? { ...result, generatedPassword: password } : result;
}

/** Demo organizations under the root group; idempotent, so DEMO can be switched on later. */
async function seedDemo(db: Db): Promise<void> {
  await db.transaction((tx) => groupWrites.ensureOrganizations(tx, demoGroups));
  await seedDemoProjects(db);
}
