import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { createComponentsService } from '../components/components.service.ts';
import { createContactsService } from '../contacts/contacts.service.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { createEquipmentService } from './equipment.service.ts';
import { projectsRoutes } from './projects.routes.ts';
import { createProjectsService } from './projects.service.ts';

/** Projects, their schedule and equipment tasks, and equipment (docs/projects.md, docs/permissions.md). */
export const projectsModule: Routes<GuardDeps & { db: Db; groups: GroupsService }> = (app, { db, groups, guards }) => {
  const projects = createProjectsService(db, groups, createContactsService(db, groups));
  const equipment = createEquipmentService(db, groups, createComponentsService(db), projects);
  projectsRoutes(projects, equipment)(app, { guards });
  equipmentRoutes(equipment)(app, { guards });
};
