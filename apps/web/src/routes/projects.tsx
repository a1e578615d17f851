import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./projects.screens');

/** Projects, their schedule and equipment, the standalone equipment editor and contacts (spec 02 section 2). */
export const projectRoutes: RouteObject[] = [
  { path: '/projects', lazy: screen(screens, (m) => m.ProjectsScreen) },
  { path: '/project/editor', lazy: screen(screens, (m) => m.NewProjectRoute) },
  { path: '/project/editor/:id', lazy: screen(screens, (m) => m.EditProjectRoute) },
  { path: '/project/schedule/:id', lazy: screen(screens, (m) => m.ProjectScheduleRoute) },
  { path: '/commissioning/equipment/editor', lazy: screen(screens, (m) => m.EquipmentEditorRoute) },
  { path: '/commissioning/contacts', lazy: screen(screens, (m) => m.ContactsScreen) },
];
