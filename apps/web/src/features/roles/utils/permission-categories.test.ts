import { describe, expect, it } from 'vitest';
import { allPermissions } from '@syrx/contracts/permissions';
import { inCatalogueOrder, permissionCategories } from './permission-categories';

describe('permission categories', () => {
  it('offers every permission of the catalogue once, under Admin, Report data, Commissioning and Reporting', () => {
    expect(permissionCategories.map((c) => c.label)).toEqual(['Admin', 'Report data', 'Commissioning', 'Reporting']);
    expect(permissionCategories.flatMap((c) => c.permissions)).toEqual(allPermissions);
  });

  it('orders a role\'s permissions as the catalogue does and keeps names it does not know at the end', () => {
    expect(inCatalogueOrder(['reporting_sic', 'old_permission', 'users_manage', 'group_data_view'])).toEqual(['users_manage', 'group_data_view', 'reporting_sic', 'old_permission']);
  });
});
