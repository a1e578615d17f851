import type { LightMyRequestResponse } from 'fastify';
import type { GroupDetail, GroupMember, GroupUpdate } from '@syrx/contracts/groups';
import { expectStatus, put } from '../../../test/project-helpers.ts';
import type { TestClient } from '../../../test/test-app.ts';

export const groupsUrl = '/api/v2/groups';
export const groupUrl = (id: number) => `${groupsUrl}/${id}`;

export async function createGroup(c: TestClient, name: string, parentId: number, requireTwoFactor?: boolean): Promise<GroupDetail> {
  const body = { name, parent_id: parentId, ...(requireTwoFactor === undefined ? {} : { require_two_factor: requireTwoFactor }) };
  return expectStatus(await c.post(groupsUrl, body), 201).json<GroupDetail>();
}

export const updateGroup = (c: TestClient, id: number, body: GroupUpdate): Promise<LightMyRequestResponse> => put(c, groupUrl(id), body);

export const setMembers = (c: TestClient, id: number, userIds: unknown): Promise<LightMyRequestResponse> => put(c, `${groupUrl(id)}/members`, { user_ids: userIds });

export async function memberNames(c: TestClient, id: number): Promise<string[]> {
  return expectStatus(await c.get(`${groupUrl(id)}/members`), 200).json<GroupMember[]>().map((m) => m.username);
}

/** The names of a group's children as the tree shows them. */
export async function childNames(c: TestClient, id: number): Promise<string[]> {
  return expectStatus(await c.get(`${groupsUrl}/getChildrenOf?id=${id}`), 200).json<{ name: string }[]>().map((g) => g.name);
}
