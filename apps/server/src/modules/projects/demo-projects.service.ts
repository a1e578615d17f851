import type { PointChoice } from '@syrx/contracts/equipment';
import type { Db } from '../../db/client.ts';
import { componentIdByPath, createComponentsService } from '../components/components.service.ts';
import { seedDemoContacts } from '../contacts/contacts.service.ts';
import { groupWrites } from '../groups/groups.service.ts';
import { type EquipmentValues, equipmentRepo } from './equipment.repo.ts';
import { insertEquipment, seedEquipmentTasks } from './equipment.service.ts';
import { projectsRepo } from './projects.repo.ts';

interface DemoEquipment {
  /** The component type's path from the top, then each chosen subcomponent's path below it. */
  component: string;
  subComponents: string[][];
  values: Partial<EquipmentValues> & { name: string };
  /** Choices for the first points (in the equipment's point order), NP points skipped. */
  choices?: PointChoice[];
}

interface DemoProject {
  organization: string;
  people: { firstName: string; lastName: string; company: string; title: string; email: string; phone: string }[];
  project: { name: string; address: string; customerProjectId: string; architectProjectId: string; start: string; complete: string; estimatedCost: string };
  /** Owner, commissioning authority and engineer: indexes into people. */
  roles: [number, number, number];
  equipment: DemoEquipment[];
}

const demoProjects: DemoProject[] = [
  {
    organization: 'Riverside Medical Center',
    people: [
      { firstName: 'Maria', lastName: 'Delgado', company: 'Riverside Medical Center', title: 'Director of Facilities', email: 'maria.delgado@riverside-medical.example', phone: '(503) 555-0142' },
      { firstName: 'James', lastName: 'Whitaker', company: 'Whitaker Commissioning Group', title: 'Commissioning Authority', email: 'jwhitaker@whitaker-cx.example', phone: '(503) 555-0187' },
      { firstName: 'Priya', lastName: 'Raman', company: 'Raman & Cole Engineers', title: 'Mechanical Engineer of Record', email: 'praman@ramancole.example', phone: '(503) 555-0119' },
      { firstName: 'Tom', lastName: 'Becker', company: 'Becker Mechanical', title: 'Project Manager', email: 'tbecker@beckermech.example', phone: '(503) 555-0164' },
    ],
    project: {
      name: 'Central Utility Plant Retrofit', address: '1200 Riverside Drive, Portland, OR 97201', customerProjectId: 'RMC-2026-014', architectProjectId: 'HKA-5521',
      start: '2026-03-02', complete: '2026-11-20', estimatedCost: '2,450,000',
    },
    roles: [0, 1, 2],
    equipment: [
      {
        component: 'Chiller', subComponents: [['Type', 'Water-Cooled', 'Centrifugal'], ['Evaporator Flow', 'Variable Primary Flow']],
        values: { name: 'CH-1', description: '800-ton centrifugal chiller', department: 'Facilities', manufacturer: 'Trane', model: 'CVHF 800', serial: 'L26B04122', installDate: '2026-06-15', location: 'Central Utility Plant, level B1' },
        choices: ['exist', 'exist', 'exist', 'exist', 'replace', 'add', 'add', 'exist'],
      },
      {
        component: 'Cooling Tower', subComponents: [['Type', 'Open Circuit', 'Induced Draft'], ['Fan Control', 'Variable Frequency Drive'], ['Water Treatment', 'Chemical Feed']],
        values: { name: 'CT-1', description: 'Two-cell induced-draft tower', department: 'Facilities', manufacturer: 'BAC', model: 'Series 3000', location: 'Central Utility Plant roof' },
      },
      {
        component: 'Air Handling Unit',
        subComponents: [['Unit Type', 'Variable Air Volume', 'With Return Fan'], ['Supply Fan', 'Variable Frequency Drive'], ['Cooling', 'Chilled Water Coil', 'Two-Way Valve'], ['Heating', 'Hot Water Coil', 'Two-Way Valve'], ['Economizer', 'Enthalpy']],
        values: { name: 'AHU-1', description: 'Surgery suite air handler', department: 'Surgery', manufacturer: 'Daikin', model: 'Vision CAH035', location: 'Main Hospital, mechanical room 3' },
      },
    ],
  },
  {
    organization: 'Harbor Office Park',
    people: [
      { firstName: 'Alan', lastName: 'Brooks', company: 'Harbor Office Park LLC', title: 'Property Manager', email: 'abrooks@harboroffice.example', phone: '(207) 555-0110' },
      { firstName: 'Sofia', lastName: 'Nguyen', company: 'Northeast Building Commissioning', title: 'Commissioning Agent', email: 'snguyen@nebcx.example', phone: '(207) 555-0133' },
      { firstName: 'Daniel', lastName: 'Okafor', company: 'Okafor Engineering', title: 'Controls Engineer', email: 'dokafor@okafor-eng.example', phone: '(207) 555-0158' },
    ],
    project: {
      name: 'Building A Controls Upgrade', address: '40 Harbor Way, Building A, Portland, ME 04101', customerProjectId: 'HOP-A-2026', architectProjectId: 'N/A',
      start: '2026-04-06', complete: '2026-08-28', estimatedCost: '185,000',
    },
    roles: [0, 1, 2],
    equipment: [
      {
        component: 'Rooftop Unit', subComponents: [['Cooling', 'DX Two Stage'], ['Heating', 'Gas', 'Two Stage'], ['Airflow', 'Constant Volume'], ['Economizer', 'Dry-Bulb']],
        values: { name: 'RTU-1', description: '15-ton packaged rooftop unit', manufacturer: 'Carrier', model: '48FC-16', location: 'Building A roof' },
      },
      {
        component: 'VAV Box', subComponents: [['Box Type', 'Hot Water Reheat', 'Two-Way Valve'], ['Zone Sensor', 'Temperature and CO2']],
        values: { name: 'VAV-101', description: 'Conference room 101', manufacturer: 'Titus', model: 'DESV', location: 'Building A, first floor' },
      },
    ],
  },
];

const noValues: Omit<EquipmentValues, 'name'> = { description: null, department: null, model: null, manufacturer: null, serial: null, installDate: null, demoDate: null, location: null };

async function seedEquipment(db: Db, groupId: number, projectId: number, e: DemoEquipment): Promise<void> {
  const componentId = await componentIdByPath(db, [e.component]);
  if (componentId === null) return;
  const subs: number[] = [];
  for (const path of e.subComponents) {
    const id = await componentIdByPath(db, [e.component, ...path]);
    if (id !== null) subs.push(id);
  }
  const id = await insertEquipment(db, createComponentsService(db), { groupId, projectId }, componentId, { ...noValues, ...e.values }, subs);
  const points = (await equipmentRepo.find(db, id))?.points.filter((p) => p.point_type !== 'NP') ?? [];
  const items = (e.choices ?? []).flatMap((choice, i) => (points[i] ? [{ componentPointId: points[i].component_point_id, choice }] : []));
  await seedEquipmentTasks(db, projectId, id, items);
}

/**
 * DEMO: contacts, one project and a few scheduled equipment (with points and some point choices) in each demo
 * organization, made through the same writes as the API; skipped where the organization already has the project.
 */
export async function seedDemoProjects(db: Db): Promise<void> {
  for (const demo of demoProjects) {
    const groupId = await groupWrites.findOrganization(db, demo.organization);
    if (groupId === null || (await projectsRepo.findByName(db, groupId, demo.project.name)) !== null) continue;
    const contacts = await seedDemoContacts(db, groupId, demo.people.map((p) => ({ ...p })));
    const idOf = (i: number) => contacts.find((c) => c.email === demo.people[i]?.email)?.id ?? null;
    const p = demo.project;
    const projectId = await projectsRepo.insert(db, groupId, {
      name: p.name, address: p.address, customerProjectId: p.customerProjectId, architectProjectId: p.architectProjectId,
      startDate: new Date(`${p.start}T00:00:00Z`), completeDate: new Date(`${p.complete}T00:00:00Z`), estimatedCost: p.estimatedCost,
      ownerId: idOf(demo.roles[0]), commAuthorityId: idOf(demo.roles[1]), engineerId: idOf(demo.roles[2]),
    });
    for (const e of demo.equipment) await seedEquipment(db, groupId, projectId, e);
  }
}
