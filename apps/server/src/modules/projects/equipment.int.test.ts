import { afterEach, describe, expect, it } from 'vitest';
import type { ComponentNode } from '@syrx/contracts/components';
import { type Equipment, type EquipmentTask, equipmentMessages, type ScheduleItem } from '@syrx/contracts/equipment';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import {
  createEquipment, createProject, equipmentFields, expectStatus, fieldsOf, memberWith, nodeAt, put, scheduleTree, signedInAdmin, v2,
} from '../../test/project-helpers.ts';

let t: TestApp;
afterEach(async () => t?.close());

const codes = (e: Equipment) => e.points.map((p) => p.point_code);
const tasks = (c: TestClient, projectId: number, body: object) => c.post(`${v2}/projects/${projectId}/equipment-tasks`, body);

/** The administrator, the root group's project, and the air handler's types. */
async function setUp() {
  t = await createTestApp();
  const { admin, rootId } = await signedInAdmin(t);
  const project = await createProject(admin, rootId);
  const tree = await scheduleTree(admin);
  const at = (...path: string[]) => nodeAt(tree, ['Air Handling Unit', ...path]);
  return { admin, rootId, project, tree, at, ahu: at() };
}

const ahuBody = (groupId: number, ahu: ComponentNode, subs: ComponentNode[], projectId: number | null) =>
  ({ equipment: { ...equipmentFields, group_id: groupId, component_id: ahu.id }, sub_components: subs.map((s) => s.id), project_id: projectId });

describe('equipment', () => {
  it('creates an equipment with its subcomponents, copying the points of its component and of every type down to each choice', async () => {
    const { admin, rootId, project, at, ahu } = await setUp();
    const wheel = at('Unit Type', 'Dedicated Outdoor Air System (DOAS)', 'With Energy Recovery Wheel');
    const vfd = at('Supply Fan', 'Variable Frequency Drive');
    const created = await createEquipment(admin, ahuBody(rootId, ahu, [wheel, vfd], project.id));
    expect(created).toMatchObject({
      name: 'AHU-1', description: 'Surgery air handler', install_date: '2026-06-15', demo_date: null, group_id: rootId, component_id: ahu.id, component_description: 'Air Handling Unit',
      project_id: project.id, sub_components: [wheel.id, vfd.id].sort((a, b) => a - b),
    });
    // The air handler's points, then the DOAS type's, the wheel's, and the drive's, each with its description.
    expect(codes(created).slice(0, 3)).toEqual(['SF-S', 'SF-C', 'SAT']);
    expect(codes(created)).toEqual(expect.arrayContaining(['FLTR', 'OAT', 'OA-CFM', 'ERW-S', 'ERW-SPD', 'EAT', 'SF-SPD', 'SF-VFD-FLT']));
    expect(codes(created).indexOf('OAT')).toBeLessThan(codes(created).indexOf('ERW-S'));
    expect(codes(created)).not.toContain('DSP');
    expect(created.points.find((p) => p.point_code === 'FLTR')).toMatchObject({ point_type: 'NP', description: 'Filter Bank' });
    expect(expectStatus(await admin.get(`${v2}/equipments/${created.id}`), 200).json<Equipment>()).toEqual(created);

    // Standalone (no project): blank or absent fields are null.
    const alone = await createEquipment(admin, { equipment: { name: 'VFD-7', install_date: null, description: ' ', group_id: rootId, component_id: nodeAt(await scheduleTree(admin), ['Pump']).id } });
    expect(alone).toMatchObject({ project_id: null, description: null, install_date: null, sub_components: [] });
    expect(codes(alone)).toEqual(['P-S', 'P-C', 'ALM']);
  });

  it('lists a project\'s schedule, updates the Equipment Information and deletes equipment', async () => {
    const { admin, rootId, project, tree, ahu } = await setUp();
    const a = await createEquipment(admin, ahuBody(rootId, ahu, [], project.id));
    const chiller = await createEquipment(admin, { equipment: { name: 'CH-1', description: 'Centrifugal', group_id: rootId, component_id: nodeAt(tree, ['Chiller']).id }, sub_components: [], project_id: project.id });
    await createEquipment(admin, { equipment: { name: 'Not scheduled', group_id: rootId, component_id: ahu.id } });
    const schedule = expectStatus(await admin.get(`${v2}/projects/${project.id}/schedule`), 200).json<ScheduleItem[]>();
    expect(schedule).toEqual([
      { id: a.id, component_id: ahu.id, name: 'AHU-1', description: 'Surgery air handler' },
      { id: chiller.id, component_id: chiller.component_id, name: 'CH-1', description: 'Centrifugal' },
    ]);

    const updated = expectStatus(await put(admin, `${v2}/equipments/${a.id}`, { equipment: { ...equipmentFields, name: 'AHU-1A', demo_date: '2030-01-31', serial: '' } }), 200).json<Equipment>();
    expect(updated).toEqual({ ...a, name: 'AHU-1A', demo_date: '2030-01-31', serial: null });

    expectStatus(await admin.delete(`${v2}/equipments/${chiller.id}`), 204);
    expectStatus(await admin.get(`${v2}/equipments/${chiller.id}`), 404);
    expectStatus(await admin.delete(`${v2}/equipments/${chiller.id}`), 404);
    expect(expectStatus(await admin.get(`${v2}/projects/${project.id}/schedule`), 200).json<ScheduleItem[]>().map((s) => s.name)).toEqual(['AHU-1A']);
    // Deleting the project deletes its equipment.
    expectStatus(await admin.delete(`${v2}/projects/${project.id}`), 204);
    expectStatus(await admin.get(`${v2}/equipments/${a.id}`), 404);
  });

  it('stores one point choice per point, replacing earlier ones, and refuses NP points and points of other equipment', async () => {
    const { admin, rootId, project, at, ahu } = await setUp();
    const e = await createEquipment(admin, ahuBody(rootId, ahu, [at('Cooling', 'Chilled Water Coil', 'Two-Way Valve')], project.id));
    const point = (code: string) => e.points.find((p) => p.point_code === code)?.component_point_id ?? 0;

    const first = expectStatus(await tasks(admin, project.id, { equipment_id: e.id, equipment_points: [
      { component_point_id: point('SAT'), add_exist_replace: 'add' }, { component_point_id: point('CHW-V'), add_exist_replace: 'exist' },
    ] }), 200).json<EquipmentTask[]>();
    expect(first).toHaveLength(2);
    const again = expectStatus(await tasks(admin, project.id, { equipment_id: e.id, equipment_points: [
      { component_point_id: point('SAT'), add_exist_replace: 'replace' }, { component_point_id: point('RAT'), add_exist_replace: 'n/a' },
    ] }), 200).json<EquipmentTask[]>();
    expect(new Map(again.map((x) => [x.component_point_id, x.add_exist_replace]))).toEqual(new Map([[point('SAT'), 'replace'], [point('CHW-V'), 'exist'], [point('RAT'), 'n/a']]));

    expect(fieldsOf(await tasks(admin, project.id, { equipment_id: e.id, equipment_points: [{ component_point_id: point('FLTR'), add_exist_replace: 'add' }] })))
      .toEqual({ 'equipment_points.0.component_point_id': equipmentMessages.noPoint });
    expect(fieldsOf(await tasks(admin, project.id, { equipment_id: e.id, equipment_points: [
      { component_point_id: point('SAT'), add_exist_replace: 'add' }, { component_point_id: point('SAT'), add_exist_replace: 'exist' },
    ] }))).toEqual({ 'equipment_points.1.component_point_id': equipmentMessages.duplicatePoint });
    // A point of the component the equipment was not given (the three-way valve's coil has no DSP here).
    const other = await createEquipment(admin, ahuBody(rootId, ahu, [at('Unit Type', 'Variable Air Volume')], project.id));
    const dsp = other.points.find((p) => p.point_code === 'DSP')?.component_point_id;
    expect(fieldsOf(await tasks(admin, project.id, { equipment_id: e.id, equipment_points: [{ component_point_id: dsp, add_exist_replace: 'add' }] })))
      .toEqual({ 'equipment_points.0.component_point_id': equipmentMessages.notAPoint });
    expect(fieldsOf(await tasks(admin, project.id, { equipment_id: e.id, equipment_points: [{ component_point_id: point('SAT'), add_exist_replace: 'maybe' }] })))
      .toHaveProperty('equipment_points.0.add_exist_replace');
    // Equipment of another project, or of none.
    const elsewhere = await createProject(admin, rootId, { name: 'Elsewhere' });
    expect(fieldsOf(await tasks(admin, elsewhere.id, { equipment_id: e.id, equipment_points: [] }))).toEqual({ equipment_id: equipmentMessages.notInProject });
    expect(fieldsOf(await tasks(admin, project.id, { equipment_id: 2_000_000_000, equipment_points: [] }))).toEqual({ equipment_id: equipmentMessages.notInProject });
    // Nothing changed by the refusals.
    expect(expectStatus(await tasks(admin, project.id, { equipment_id: e.id, equipment_points: [] }), 200).json()).toEqual(again);
  });

  it('answers 400 naming the field for bad input', async () => {
    const { admin, rootId, project, tree, at, ahu } = await setUp();
    const body = ahuBody(rootId, ahu, [], project.id);
    expect(fieldsOf(await admin.post(`${v2}/equipments`, { ...body, equipment: { ...body.equipment, name: ' ' } }))).toEqual({ 'equipment.name': equipmentMessages.name });
    expect(fieldsOf(await admin.post(`${v2}/equipments`, { ...body, equipment: { ...body.equipment, install_date: '2026-02-30', demo_date: '06/15/2026' } })))
      .toEqual({ 'equipment.install_date': equipmentMessages.date, 'equipment.demo_date': equipmentMessages.date });
    expect(fieldsOf(await admin.post(`${v2}/equipments`, { ...body, equipment: { ...body.equipment, component_id: undefined } }))).toHaveProperty('equipment.component_id');
    expect(fieldsOf(await admin.post(`${v2}/equipments`, { ...body, equipment: { ...body.equipment, component_id: 2_000_000_000 } })))
      .toEqual({ 'equipment.component_id': equipmentMessages.componentUnknown });
    // A subcomponent of another type, and the component itself, are no subcomponents of it.
    const chillerType = nodeAt(tree, ['Chiller', 'Type', 'Water-Cooled']);
    expect(fieldsOf(await admin.post(`${v2}/equipments`, ahuBody(rootId, ahu, [at('Cooling'), chillerType, ahu], project.id))))
      .toEqual({ 'sub_components.1': equipmentMessages.subComponent, 'sub_components.2': equipmentMessages.subComponent });
    expect(fieldsOf(await put(admin, `${v2}/equipments/1`, { equipment: { name: '' } }))).toEqual({ 'equipment.name': equipmentMessages.name });
    expectStatus(await admin.get(`${v2}/equipments/nope`), 400);
    expect(expectStatus(await admin.get(`${v2}/projects/${project.id}/schedule`), 200).json()).toEqual([]);
  });

  it('answers 404 on another group\'s equipment and projects and changes nothing', async () => {
    const { admin, rootId, project, at, ahu } = await setUp();
    const theirs = await createEquipment(admin, ahuBody(rootId, ahu, [], project.id));
    const { client: other, groupId } = await memberWith(t, 'okafor@example.com', ['equipment_manage', 'projects_manage']);
    const sat = theirs.points[2]?.component_point_id;

    expectStatus(await other.get(`${v2}/equipments/${theirs.id}`), 404);
    expectStatus(await put(other, `${v2}/equipments/${theirs.id}`, { equipment: { name: 'Mine' } }), 404);
    expectStatus(await other.delete(`${v2}/equipments/${theirs.id}`), 404);
    expectStatus(await other.get(`${v2}/projects/${project.id}/schedule`), 404);
    expectStatus(await tasks(other, project.id, { equipment_id: theirs.id, equipment_points: [{ component_point_id: sat, add_exist_replace: 'add' }] }), 404);
    expectStatus(await other.post(`${v2}/equipments`, ahuBody(rootId, ahu, [], null)), 404);
    // Into their own group, but with the other group's project.
    expectStatus(await other.post(`${v2}/equipments`, ahuBody(groupId, ahu, [], project.id)), 404);
    expect(expectStatus(await admin.get(`${v2}/equipments/${theirs.id}`), 200).json<Equipment>()).toEqual(theirs);
    expect(expectStatus(await tasks(admin, project.id, { equipment_id: theirs.id, equipment_points: [] }), 200).json()).toEqual([]);

    // Their own group works; a project of another visible group is a 400.
    const own = await createProject(other, groupId, { name: 'Own' });
    await createEquipment(other, ahuBody(groupId, ahu, [at('Heating', 'No Heating')], own.id));
    expect(fieldsOf(await admin.post(`${v2}/equipments`, ahuBody(rootId, ahu, [], own.id)))).toEqual({ project_id: equipmentMessages.projectGroup });
  });

  it('needs equipment_manage for equipment outside projects and projects_manage (or equipment_manage) for a project\'s', async () => {
    const { admin, ahu } = await setUp();
    const { client: planner, groupId: plannerGroup } = await memberWith(t, 'planner@example.com', ['projects_manage']);
    const { client: technician, groupId: techGroup } = await memberWith(t, 'tech@example.com', ['equipment_manage']);
    const plan = await createProject(planner, plannerGroup);
    const scheduled = await createEquipment(planner, ahuBody(plannerGroup, ahu, [], plan.id));
    expectStatus(await put(planner, `${v2}/equipments/${scheduled.id}`, { equipment: { name: 'AHU-2' } }), 200);
    expectStatus(await tasks(planner, plan.id, { equipment_id: scheduled.id, equipment_points: [{ component_point_id: scheduled.points[0]?.component_point_id, add_exist_replace: 'add' }] }), 200);
    const refused = await planner.post(`${v2}/equipments`, ahuBody(plannerGroup, ahu, [], null));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Changing equipment needs the permission equipment_manage (projects_manage for equipment of a project).');
    const standalone = await createEquipment(admin, ahuBody(plannerGroup, ahu, [], null));
    expectStatus(await planner.delete(`${v2}/equipments/${standalone.id}`), 403);
    expectStatus(await planner.delete(`${v2}/equipments/${scheduled.id}`), 204);

    await createEquipment(technician, ahuBody(techGroup, ahu, [], null));
    const techProject = await createProject(admin, techGroup);
    const techScheduled = await createEquipment(technician, ahuBody(techGroup, ahu, [], techProject.id));
    // Point choices are project planning: projects_manage.
    expectStatus(await tasks(technician, techProject.id, { equipment_id: techScheduled.id, equipment_points: [] }), 403);
  });
});
