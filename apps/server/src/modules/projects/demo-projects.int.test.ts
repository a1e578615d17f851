import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Contact } from '@syrx/contracts/contacts';
import type { Equipment, ScheduleItem } from '@syrx/contracts/equipment';
import type { ProjectPage } from '@syrx/contracts/projects';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectStatus, signedInAdmin, v2 } from '../../test/project-helpers.ts';
import { seedDemoProjects } from './demo-projects.service.ts';

let t: TestApp;
afterEach(async () => t?.close());

describe('the demo projects', () => {
  it('give each demo organization contacts and a project whose equipment has points and some point choices, once', async () => {
    t = await createTestApp({ DEMO: 'true' });
    const { admin } = await signedInAdmin(t);
    const [riverside] = (await t.db.execute<{ id: number }>(sql`select id from groups where name = 'Riverside Medical Center'`)).rows;
    const groupId = riverside?.id ?? 0;

    const contacts = expectStatus(await admin.get(`${v2}/groups/${groupId}/contacts`), 200).json<Contact[]>();
    expect(contacts.map((c) => c.full_name)).toEqual(['Tom Becker', 'Maria Delgado', 'Priya Raman', 'James Whitaker']);
    const projects = expectStatus(await admin.get(`${v2}/groups/${groupId}/projects`), 200).json<ProjectPage>();
    expect(projects.items).toHaveLength(1);
    const project = projects.items[0];
    const idOf = (last: string) => contacts.find((c) => c.last_name === last)?.id;
    expect(project).toMatchObject({ name: 'Central Utility Plant Retrofit', start_date: '2026-03-02T00:00:00.000Z', owner_id: idOf('Delgado'), comm_authority_id: idOf('Whitaker'), engineer_id: idOf('Raman') });

    const schedule = expectStatus(await admin.get(`${v2}/projects/${project?.id}/schedule`), 200).json<ScheduleItem[]>();
    expect(schedule.map((s) => s.name)).toEqual(['AHU-1', 'CH-1', 'CT-1']);
    const chiller = expectStatus(await admin.get(`${v2}/equipments/${schedule[1]?.id}`), 200).json<Equipment>();
    expect(chiller.sub_components).toHaveLength(2);
    expect(chiller.points.map((p) => p.point_code)).toEqual(expect.arrayContaining(['CHWS', 'CWS', 'CHW-FLOW']));
    const [tasks] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from equipment_tasks where equipment_id = ${chiller.id}`)).rows;
    expect(tasks?.n).toBe(8);

    await seedDemoProjects(t.db);
    expect(expectStatus(await admin.get(`${v2}/groups/${groupId}/projects`), 200).json<ProjectPage>().total).toBe(1);
    expect(expectStatus(await admin.get(`${v2}/groups/${groupId}/contacts`), 200).json<Contact[]>()).toHaveLength(4);
    const [harbor] = (await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from equipments e join projects p on p.id = e.project_id where p.name = 'Building A Controls Upgrade'`)).rows;
    expect(harbor?.n).toBe(2);
  });
});
