import { z } from 'zod';
import { pointChoices } from '@syrx/contracts/equipment';
import type { Db } from '../../db/client.ts';
import { componentIdByPath, createComponentsService } from '../components/components.service.ts';
import { seedDemoContacts } from '../contacts/contacts.service.ts';
import { groupWrites } from '../groups/groups.service.ts';
import { type EquipmentValues, equipmentRepo } from './equipment.repo.ts';
import { insertEquipment, seedEquipmentTasks } from './equipment.service.ts';
import { projectsRepo } from './projects.repo.ts';
import demoData from './demo-projects.json' with { type: 'json' };

interface DemoEquipment {
  /** The component type's path from the top, then each chosen subcomponent's path below it. */
  component: string;
  subComponents: string[][];
  values: Partial<EquipmentValues> & { name: string };
  /** Choices for the first points (in the equipment's point order), NP points skipped. */
  choices?: string[];
}

interface DemoProject {
  organization: string;
  /** The first three are the project's owner, commissioning authority and engineer. */
  people: { firstName: string; lastName: string; company: string; title: string; email: string; phone: string }[];
  project: { name: string; address: string; customerProjectId: string; architectProjectId: string; start: string; complete: string; estimatedCost: string };
  equipment: DemoEquipment[];
}

/** The demo organizations' people, project and equipment (the data: demo-projects.json). */
const demoProjects: readonly DemoProject[] = demoData;

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
  const choices = z.array(z.enum(pointChoices)).parse(e.choices ?? []);
  const items = choices.flatMap((choice, i) => (points[i] ? [{ componentPointId: points[i].component_point_id, choice }] : []));
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
      ownerId: idOf(0), commAuthorityId: idOf(1), engineerId: idOf(2),
    });
    for (const e of demo.equipment) await seedEquipment(db, groupId, projectId, e);
  }
}
