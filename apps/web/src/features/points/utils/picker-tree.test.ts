import { describe, expect, it } from 'vitest';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { BacnetPoint } from '@syrx/contracts/points';
import { buildPickerTree, loadRequestOf, pageKey } from './picker-tree';

const device = { id: 4, name: 'EMS-1', instance_number: 1501 } as BacnetDevice;
const point = (id: number, instance: number) => ({ id, object_id: `OBJECT_ANALOG_INPUT:${instance}`, name: `AI ${instance}` }) as BacnetPoint;

describe('point-picker tree', () => {
  it('lists devices, then object-type groups with counts, page groups past 20 points, then the points', () => {
    const groups = new Map([[4, [{ object_type: 0, object_type_name: 'OBJECT_ANALOG_INPUT', count: 45 }, { object_type: 8, object_type_name: 'OBJECT_DEVICE', count: 1 }]]]);
    const pages = new Map([[pageKey(4, 0, 1), [point(30, 21)]]]);
    const [root] = buildPickerTree({ devices: [device], groups, pages });
    expect(root?.title).toBe('EMS-1 (1501)');
    const [ai, dev] = root?.children ?? [];
    expect(ai?.title).toBe('OBJECT_ANALOG_INPUT (45)');
    expect(ai?.children?.map((c) => c.title)).toEqual(['[1 - 20]', '[21 - 40]', '[41 - 45]']);
    expect(ai?.children?.[0]?.children).toBeUndefined();
    expect(ai?.children?.[1]?.children).toEqual([{ key: 'p:30', title: 'OBJECT_ANALOG_INPUT:21 AI 21', isLeaf: true, point: point(30, 21) }]);
    // A group of up to 20 points holds them directly, once loaded.
    expect(dev).toMatchObject({ key: 'g:4:8', title: 'OBJECT_DEVICE (1)' });
    expect(dev?.children).toBeUndefined();
  });

  it('names a device not read yet "Device {instance}" and leaves its groups to load', () => {
    const [root] = buildPickerTree({ devices: [{ ...device, name: null }], groups: new Map(), pages: new Map() });
    expect(root).toEqual({ key: 'd:4', title: 'Device 1501 (1501)', isLeaf: false });
  });

  it('knows what opening a node loads', () => {
    expect(loadRequestOf('d:4')).toEqual({ kind: 'groups', deviceId: 4 });
    expect(loadRequestOf('g:4:0')).toEqual({ kind: 'page', deviceId: 4, objectType: 0, page: 0 });
    expect(loadRequestOf('r:4:0:2')).toEqual({ kind: 'page', deviceId: 4, objectType: 0, page: 2 });
    expect(loadRequestOf('p:30')).toBeNull();
  });
});
