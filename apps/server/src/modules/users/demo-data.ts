/** The demo building's organizations: what a newcomer sees in the group tree on `npm start`. */
export const demoGroups = [
  { name: 'Riverside Medical Center', children: ['Main Hospital', 'Outpatient Pavilion', 'Central Utility Plant'] },
  { name: 'Harbor Office Park', children: ['Building A', 'Building B'] },
] as const;
