/** The accounts screens' routes (spec 02 section 2). */
export const accountPaths = {
  list: '/admin/groups/accounts',
  add: '/admin/groups/accounts/editor',
  edit: (id: number) => `/admin/groups/accounts/editor/${id}`,
} as const;
