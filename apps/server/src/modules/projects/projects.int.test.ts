import { afterEach, describe, expect, it } from 'vitest';
import type { Project, ProjectPage } from '@syrx/contracts/projects';
import { projectMessages } from '@syrx/contracts/projects';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createContact, createProject, expectStatus, fieldsOf, memberWith, projectBody, put, signedInAdmin, v2 } from '../../test/project-helpers.ts';

let t: TestApp;
afterEach(async () => t?.close());

const names = (page: ProjectPage) => page.items.map((p) => p.name);

describe('projects of a group', () => {
  it('creates, reads, updates and deletes a project, with its people as contacts or null and its dates in UTC', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const owner = await createContact(admin, rootId, { first_name: 'Maria', last_name: 'Delgado' });
    const engineer = await createContact(admin, rootId, { first_name: 'Priya', last_name: 'Raman' });

    // Dates with an offset are stored as the same moment and answered in UTC; empty texts and absent people are null.
    const created = await createProject(admin, rootId, {
      start_date: '2026-03-01T19:00:00-05:00', complete_date: null, address: '  ', owner_id: owner.id, engineer_id: engineer.id, comm_authority_id: undefined,
    });
    expect(created).toMatchObject({
      name: 'Central plant retrofit', address: null, start_date: '2026-03-02T00:00:00.000Z', complete_date: null, estimated_cost: '2,450,000',
      owner_id: owner.id, comm_authority_id: null, engineer_id: engineer.id, group_id: rootId,
    });
    expect(expectStatus(await admin.get(`${v2}/projects/${created.id}`), 200).json<Project>()).toEqual(created);

    // Clearing a person sends null; the id in the body is the path's.
    const updated = expectStatus(await put(admin, `${v2}/projects/${created.id}`, { ...projectBody(rootId), id: created.id, name: 'Retrofit (phase 2)', owner_id: null, engineer_id: engineer.id }), 200).json<Project>();
    expect(updated).toMatchObject({ id: created.id, name: 'Retrofit (phase 2)', owner_id: null, engineer_id: engineer.id, start_date: '2026-03-02T00:00:00.000Z', complete_date: '2026-11-20T00:00:00.000Z' });

    // Deleting a contact leaves the project without that person.
    expectStatus(await admin.delete(`${v2}/contacts/${engineer.id}`), 204);
    expect(expectStatus(await admin.get(`${v2}/projects/${created.id}`), 200).json<Project>().engineer_id).toBeNull();

    expectStatus(await admin.delete(`${v2}/projects/${created.id}`), 204);
    expectStatus(await admin.get(`${v2}/projects/${created.id}`), 404);
    expectStatus(await admin.delete(`${v2}/projects/${created.id}`), 404);
  });

  it('pages and sorts the group\'s projects, by name unless asked otherwise, and refuses an unknown sort field', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    await createProject(admin, rootId, { name: 'bravo', estimated_cost: '$900', start_date: '2026-05-01T00:00:00Z' });
    await createProject(admin, rootId, { name: 'Alpha', estimated_cost: '$12,000.50', start_date: null });
    await createProject(admin, rootId, { name: 'Charlie', estimated_cost: '1500', start_date: '2026-01-01T00:00:00Z' });
    await createProject(admin, rootId, { name: 'Delta', estimated_cost: 'TBD', start_date: '2026-03-01T00:00:00Z' });

    const first = expectStatus(await admin.get(`${v2}/groups/${rootId}/projects?page=1&pageSize=3`), 200).json<ProjectPage>();
    expect(first.total).toBe(4);
    expect(names(first)).toEqual(['Alpha', 'bravo', 'Charlie']);
    expect(names(expectStatus(await admin.get(`${v2}/groups/${rootId}/projects?page=2&pageSize=3`), 200).json<ProjectPage>())).toEqual(['Delta']);
    expect(names(expectStatus(await admin.get(`${v2}/groups/${rootId}/projects?skip=1&take=2&sort=name:desc`), 200).json<ProjectPage>())).toEqual(['Charlie', 'bravo']);
    // Dates in time order (none last); costs by their value, text that is no amount after.
    expect(names(expectStatus(await admin.get(`${v2}/groups/${rootId}/projects?sort[0][field]=start_date&sort[0][dir]=asc`), 200).json<ProjectPage>()))
      .toEqual(['Charlie', 'Delta', 'bravo', 'Alpha']);
    expect(names(expectStatus(await admin.get(`${v2}/groups/${rootId}/projects?sort=estimated_cost:asc`), 200).json<ProjectPage>()))
      .toEqual(['bravo', 'Charlie', 'Alpha', 'Delta']);

    expect(fieldsOf(await admin.get(`${v2}/groups/${rootId}/projects?sort=owner_name:asc`))).toEqual({ sort: 'Unknown sort field: owner_name' });
    expectStatus(await admin.get(`${v2}/groups/${rootId}/projects?pageSize=0`), 400);
    // Another group's projects are not in this group's list.
    const { groupId } = await memberWith(t, 'other@example.com', ['projects_manage']);
    await createProject(admin, groupId, { name: 'Elsewhere' });
    expect(expectStatus(await admin.get(`${v2}/groups/${rootId}/projects`), 200).json<ProjectPage>().total).toBe(4);
  });

  it('answers 400 naming the field for bad input, and never 5xx', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const project = await createProject(admin, rootId);
    const { client: other, groupId: otherGroup } = await memberWith(t, 'other@example.com', ['contacts_manage']);
    const theirContact = await createContact(other, otherGroup);

    expect(fieldsOf(await admin.post(`${v2}/projects`, projectBody(rootId, { name: '   ' })))).toEqual({ name: projectMessages.name });
    expect(fieldsOf(await admin.post(`${v2}/projects`, projectBody(rootId, { start_date: '03/02/2026' })))).toEqual({ start_date: projectMessages.date });
    expect(fieldsOf(await admin.post(`${v2}/projects`, { ...projectBody(rootId), name: undefined }))).toHaveProperty('name');
    // A person must be a contact of the project's group: another group's contact, or no contact at all, is refused.
    expect(fieldsOf(await admin.post(`${v2}/projects`, projectBody(rootId, { owner_id: theirContact.id, engineer_id: 999_999 }))))
      .toEqual({ owner_id: projectMessages.contactUnknown, engineer_id: projectMessages.contactUnknown });
    expect(fieldsOf(await admin.post(`${v2}/projects`, projectBody(rootId, { comm_authority_id: -1 })))).toHaveProperty('comm_authority_id');
    expect(fieldsOf(await put(admin, `${v2}/projects/${project.id}`, { ...projectBody(rootId), id: project.id + 1 }))).toEqual({ id: projectMessages.idMismatch });
    expect(fieldsOf(await put(admin, `${v2}/projects/${project.id}`, projectBody(otherGroup)))).toEqual({ group_id: projectMessages.groupFixed });
    expectStatus(await admin.get(`${v2}/projects/abc`), 400);
    expectStatus(await admin.get(`${v2}/projects/99999999999`), 400);
    expect(expectStatus(await admin.get(`${v2}/projects/${project.id}`), 200).json<Project>()).toEqual(project);
  });

  it('answers 404 on another group\'s projects and changes nothing; reading needs only the group, changing projects_manage', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const theirs = await createProject(admin, rootId, { name: 'Head office' });
    const { client: other, groupId } = await memberWith(t, 'okafor@example.com', ['projects_manage']);

    expectStatus(await other.get(`${v2}/groups/${rootId}/projects`), 404);
    expectStatus(await other.get(`${v2}/projects/${theirs.id}`), 404);
    expectStatus(await put(other, `${v2}/projects/${theirs.id}`, projectBody(rootId)), 404);
    expectStatus(await other.delete(`${v2}/projects/${theirs.id}`), 404);
    expectStatus(await other.post(`${v2}/projects`, projectBody(rootId)), 404);
    expect(expectStatus(await admin.get(`${v2}/projects/${theirs.id}`), 200).json<Project>()).toEqual(theirs);
    // Their own group works, and the administrator (every group) sees it.
    const own = await createProject(other, groupId, { name: 'Okafor plant' });
    expect(names(expectStatus(await other.get(`${v2}/groups/${groupId}/projects`), 200).json<ProjectPage>())).toEqual(['Okafor plant']);
    expectStatus(await admin.get(`${v2}/projects/${own.id}`), 200);

    const { client: reader, groupId: readerGroup } = await memberWith(t, 'reader@example.com', []);
    const readable = await createProject(admin, readerGroup);
    expectStatus(await reader.get(`${v2}/groups/${readerGroup}/projects`), 200);
    expectStatus(await reader.get(`${v2}/projects/${readable.id}`), 200);
    expectStatus(await reader.get(`${v2}/projects/${readable.id}/schedule`), 200);
    for (const res of [
      await reader.post(`${v2}/projects`, projectBody(readerGroup)),
      await put(reader, `${v2}/projects/${readable.id}`, projectBody(readerGroup, { name: 'Mine' })),
      await reader.delete(`${v2}/projects/${readable.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Changing projects needs the permission projects_manage.');
    }
    expect(expectStatus(await admin.get(`${v2}/projects/${readable.id}`), 200).json<Project>()).toEqual(readable);
  });

  it('lets a group role with group_projects_manage manage the projects of its group', async () => {
    t = await createTestApp();
    const { admin } = await signedInAdmin(t);
    const { client: member, groupId, userId } = await memberWith(t, 'lead@example.com', []);
    expectStatus(await member.post(`${v2}/projects`, projectBody(groupId)), 403);
    const role = expectStatus(await admin.post(`${v2}/group-roles`, { name: 'Project leads', description: 'Lead projects', group_permissions: ['group_projects_manage'] }), 201).json<{ id: number }>();
    expectStatus(await put(admin, `${v2}/users/${userId}/group-roles`, { group_id: groupId, group_role_ids: [role.id] }), 200);
    const project = await createProject(member, groupId);
    expectStatus(await member.delete(`${v2}/projects/${project.id}`), 204);
  });
});
