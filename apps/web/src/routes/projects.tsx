import { screenRoutes } from './lazy-screen';

/** Projects, their schedule and equipment, the standalone equipment editor and contacts (spec 02 section 2). */
export const projectRoutes = screenRoutes(() => import('./projects.screens'), {
  '/projects': 'ProjectsScreen',
  '/project/editor': 'NewProjectRoute',
  '/project/editor/:id': 'EditProjectRoute',
  '/project/schedule/:id': 'ProjectScheduleRoute',
  '/commissioning/equipment/editor': 'EquipmentEditorRoute',
  '/commissioning/contacts': 'ContactsScreen',
});
