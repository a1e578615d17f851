import { z } from 'zod';
import {
  getChildrenOfQuerySchema, groupChildrenSchema, groupControllerSchema, groupCreateSchema, groupDetailSchema, groupMemberSchema,
  groupMembersInputSchema, groupUpdateSchema, memberCandidatesQuerySchema,
} from '../groups.ts';
import { dbIdParamSchema } from '../ids.ts';
import { route } from '../route.ts';

const tags = ['groups'];
const params = z.object({ id: dbIdParamSchema });
const one = '/api/v2/groups/:id';
const members = z.array(groupMemberSchema);

/** The group tree and its administration (newer base). Everything but childrenOf needs groups_manage. */
export const groupsRoutes = {
  /** The children of a group, or without an id the user's top-level groups. */
  childrenOf: route({ method: 'GET', path: '/api/v2/groups/getChildrenOf', tags, query: getChildrenOfQuerySchema, response: groupChildrenSchema }),
  create: route({ method: 'POST', path: '/api/v2/groups', tags, body: groupCreateSchema, response: groupDetailSchema, status: 201 }),
  get: route({ method: 'GET', path: one, tags, params, response: groupDetailSchema }),
  /** Rename, move, the two-factor requirement. */
  update: route({ method: 'PUT', path: one, tags, params, body: groupUpdateSchema, response: groupDetailSchema }),
  /** Only a group nothing hangs on (409 naming what does); never a cascade. */
  remove: route({ method: 'DELETE', path: one, tags, params, status: 204 }),
  /** The direct members. */
  members: route({ method: 'GET', path: `${one}/members`, tags, params, response: members }),
  /** Sets the direct members; answers them. */
  setMembers: route({ method: 'PUT', path: `${one}/members`, tags, params, body: groupMembersInputSchema, response: members }),
  /** Users the caller sees, to add as members (at most 20). */
  memberCandidates: route({ method: 'GET', path: `${one}/member-candidates`, tags, params, query: memberCandidatesQuerySchema, response: members }),
  /** The group's own Syrx controllers. */
  controllers: route({ method: 'GET', path: `${one}/controllers`, tags, params, response: z.array(groupControllerSchema) }),
};
