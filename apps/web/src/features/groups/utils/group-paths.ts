/** The group administration screen's routes; a group's page is the screen with that group chosen. */
export const groupPaths = {
  list: '/admin/groups',
  group: (id: number) => `/admin/groups/${id}`,
  controller: (id: string) => `/admin/syrx-controllers/${id}`,
  account: (id: number) => `/admin/groups/accounts/editor/${id}`,
} as const;
