import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { componentAdminRoutes } from './component-admin.routes.ts';
import { createComponentAdminService } from './component-admin.service.ts';
import { componentsRoutes } from './components.routes.ts';
import { createComponentsService } from './components.service.ts';

/** The component type taxonomy: schedule tree, descendants, typeahead, and its Admin screens (docs/projects.md, docs/catalogues.md). */
export const componentsModule: Routes<GuardDeps & { db: Db; audit: AuditRecorder }> = (app, { db, audit, guards }) => {
  componentsRoutes(createComponentsService(db))(app, { guards });
  componentAdminRoutes(createComponentAdminService(db, audit))(app, { guards });
};
