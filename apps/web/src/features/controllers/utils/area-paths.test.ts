import { describe, expect, it } from 'vitest';
import { areaPaths, treeKeyOf } from './area-paths';

const id = '7b0e9d4e-2f7a-4c1e-9a7e-0d1f3c5b6a70';

describe('tree node of a page', () => {
  it('selects the controller for its detail, editor and delete pages', () => {
    for (const rest of ['', '/edit', '/delete', '/whatever']) expect(treeKeyOf(`/admin/syrx-controllers/${id}${rest}`)).toBe(id);
  });

  it('selects the Devices, a device, its Points, Points, Logs and Services nodes and a service by its canonical id', () => {
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/devices`)).toBe(`${id}/devices`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/devices/add`)).toBe(`${id}/devices`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/devices-old`)).toBe(`${id}/devices`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/devices/12`)).toBe(`${id}/devices/12`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/devices/12/points`)).toBe(`${id}/devices/12/points`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/points`)).toBe(`${id}/points`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/logs`)).toBe(`${id}/logs`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/services`)).toBe(`${id}/services`);
    expect(treeKeyOf(`/admin/syrx-controllers/${id}/services/Syrx.ReportingService/logs`)).toBe(`${id}/services/Syrx.Services.ReportingService`);
  });

  it('selects nothing on the list, the new-controller page or outside the area', () => {
    expect(treeKeyOf('/admin/syrx-controllers')).toBeUndefined();
    expect(treeKeyOf('/admin/syrx-controllers/new')).toBeUndefined();
    expect(treeKeyOf(`/admin/syrx-controllers-old/${id}`)).toBeUndefined();
  });
});

describe('links of the older area', () => {
  it('stay in the older area where it has the screen and lead into the current area elsewhere', () => {
    const old = areaPaths('/admin/syrx-controllers-old');
    expect(old.controller(id)).toBe(`/admin/syrx-controllers-old/${id}`);
    expect(old.edit(id)).toBe(`/admin/syrx-controllers-old/${id}/edit`);
    expect(old.serviceLogs(id, 'Syrx.UpdaterService')).toBe(`/admin/syrx-controllers-old/${id}/services/Syrx.UpdaterService/logs`);
    expect(old.remove(id)).toBe(`/admin/syrx-controllers/${id}/delete`);
    expect(old.services(id)).toBe(`/admin/syrx-controllers/${id}/services`);
  });
});
