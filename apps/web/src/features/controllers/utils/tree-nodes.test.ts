import { describe, expect, it } from 'vitest';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { branchOf, buildControllerTree, messageBrokerLabel, openDeviceLists, openServiceLists } from './tree-nodes';

const id = '7b0e9d4e-2f7a-4c1e-9a7e-0d1f3c5b6a70';
const controller = { id, group_id: 5, group_name: 'Harbor Office Park', name: 'AHU controller', description: '' };
const enabled = (service_id: string) => ({ syrx_controller_id: id, service_id, assigned_version: '*', reported_version: null, last_contact: null });
const report = {
  statuses: [
    { unit: 'syrx-updater.service', active_state: 'active' },
    { unit: 'syrx-reporting.service', active_state: 'failed' },
    { unit: 'rabbitmq-server.service', active_state: 'active' },
  ],
  agent_state: 'reporting' as const,
};

describe('controller tree', () => {
  it('labels a controller "group name - name" and gives it Devices, Points, Services and Logs', () => {
    const [node] = buildControllerTree([controller], new Map(), new Map());
    expect(node).toMatchObject({ key: id, label: 'Harbor Office Park - AHU controller', status: 'unknown', selectable: true });
    expect(node?.children?.map((c) => [c.key, c.label])).toEqual([
      [`${id}/devices`, 'Devices'],
      [`${id}/points`, 'Points'],
      [`${id}/services`, 'Services'],
      [`${id}/logs`, 'Logs'],
    ]);
    expect(node?.children?.[2]).toMatchObject({ isLeaf: false });
    expect(node?.children?.[2]?.children).toBeUndefined();
  });

  it('lists the enabled services and the message broker under Services, each with its unit status', () => {
    const statuses = new Map([[id, { report, failed: false }]]);
    const services = new Map([[id, [enabled('Syrx.Services.ReportingService'), enabled('Syrx.UpdaterService'), enabled('Syrx.Services.DiagnosticService')]]]);
    const [node] = buildControllerTree([controller], statuses, services);
    expect(node?.status).toBe('partly_up');
    expect(node?.children?.[2]?.children?.map((s) => [s.label, s.status, s.selectable])).toEqual([
      ['Syrx.Services.DiagnosticService', 'unknown', true],
      ['Syrx.Services.ReportingService', 'down', true],
      ['Syrx.UpdaterService', 'up', true],
      [messageBrokerLabel, 'up', false],
    ]);
    expect(node?.children?.[2]?.children?.[0]?.key).toBe(`${id}/services/Syrx.Services.DiagnosticService`);
  });

  it('shows a controller whose status call failed as down', () => {
    const [node] = buildControllerTree([controller], new Map([[id, { report: undefined, failed: true }]]), new Map());
    expect(node?.status).toBe('down');
  });
});

describe('devices in the tree', () => {
  const device = (deviceId: number, instance: number, name: string | null) => ({ id: deviceId, instance_number: instance, name }) as BacnetDevice;

  it('expands Devices to the devices, named by name or "Device {instance}", each with its Points', () => {
    const devices = new Map([[id, [device(4, 1501, 'EMS-1'), device(5, 2001, null)]]]);
    const [node] = buildControllerTree([controller], new Map(), new Map(), devices);
    const list = node?.children?.[0];
    expect(list).toMatchObject({ key: `${id}/devices`, isLeaf: false });
    expect(list?.children?.map((d) => [d.key, d.label, d.children?.map((c) => [c.key, c.label])])).toEqual([
      [`${id}/devices/4`, 'EMS-1', [[`${id}/devices/4/points`, 'Points']]],
      [`${id}/devices/5`, 'Device 2001', [[`${id}/devices/5/points`, 'Points']]],
    ]);
  });

  it('loads the devices of the controllers whose Devices node is open, and opens a device page\'s branch', () => {
    expect(openDeviceLists([id, `${id}/devices`, `${id}/devices/4`, 'x/services'])).toEqual([id]);
    expect(branchOf(`${id}/devices/4`)).toEqual([id, `${id}/devices`]);
    expect(branchOf(`${id}/devices/4/points`)).toEqual([id, `${id}/devices`, `${id}/devices/4`]);
  });
});

describe('opening the tree at a page', () => {
  it('opens the controller, and the Services node on the services pages', () => {
    expect(branchOf(id)).toEqual([id]);
    expect(branchOf(`${id}/devices`)).toEqual([id]);
    expect(branchOf(`${id}/services`)).toEqual([id, `${id}/services`]);
    expect(branchOf(`${id}/services/Syrx.UpdaterService`)).toEqual([id, `${id}/services`]);
    expect(openServiceLists([id, `${id}/services`, 'x/devices'])).toEqual([id]);
  });
});
