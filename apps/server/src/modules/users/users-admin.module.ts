import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { createGroupRolesService } from '../roles/group-roles.service.ts';
import { createRolesService } from '../roles/roles.service.ts';
import { passwordsRoutes } from './passwords.routes.ts';
import { createPasswordsService } from './passwords.service.ts';
import { usersAdminRoutes } from './users-admin.routes.ts';
import { createUsersAdminService } from './users-admin.service.ts';
import type { UsersService } from './users.service.ts';

export interface UsersAdminModuleDeps extends GuardDeps {
  config: Pick<Config, 'authRateLimitPerMinute' | 'publicUrl'>;
  db: Db;
  groups: GroupsService;
  users: Pick<UsersService, 'actor'>;
  mailer: Mailer;
  audit: AuditRecorder;
  events: Pick<DomainEvents, 'emit'>;
}

/** Users as administrators manage them, invitations and passwords (issue 21; docs/security.md). */
export const usersAdminModule: Routes<UsersAdminModuleDeps> = (app, { config, db, groups, users, mailer, audit, events, guards }) => {
  // Forgot-password requests do their work after the answer; what has started finishes before the database closes.
  const background = new BackgroundTasks(app.log, 2);
  app.addHook('preClose', async () => background.close());
  const passwords = createPasswordsService({ db, mailer, publicUrl: config.publicUrl, audit, background });
  const admin = createUsersAdminService({
    db, groups, users, roles: createRolesService(db, groups), groupRoles: createGroupRolesService(db, groups, users), passwords, audit, events,
  });
  usersAdminRoutes(admin)(app, { guards });
  passwordsRoutes(app, { config, passwords, guards });
};
