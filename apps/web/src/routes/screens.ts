/** Logged-in screens of the specifications that later issues build; until then each shows "not yet available". */
export const pendingScreens: readonly { path: string; screen: string }[] = [
  { path: '/purchasing', screen: 'Purchasing' },
  { path: '/projects', screen: 'Projects' },
  { path: '/project/editor', screen: 'Add Project' },
  { path: '/project/editor/:id', screen: 'Edit Project' },
  { path: '/project/schedule/:id', screen: 'Project schedule' },
  { path: '/commissioning/equipment/editor', screen: 'Equipment editor' },
];
