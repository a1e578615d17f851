import type { Routes } from '../../app-context.ts';
import { createComponentsService } from '../components/components.service.ts';
import { createContactsService } from '../contacts/contacts.service.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { createEquipmentService } from './equipment.service.ts';
import { projectsRoutes } from './projects.routes.ts';
import { createProjectsService } from './projects.service.ts';

/** Projects, their schedule and equipment tasks, and equipment (docs/projects.md, docs/permissions.md). */
export const projectsModule: Routes = (app, ctx) => {
  const { db, services } = ctx;
  const projects = createProjectsService(db, services.groups, createContactsService(db, services.groups));
  const equipment = createEquipmentService(db, services.groups, createComponentsService(db), projects);
  projectsRoutes(projects, equipment)(app, ctx);
  equipmentRoutes(equipment)(app, ctx);
};
