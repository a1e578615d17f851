import { z } from 'zod';
import {
  componentIdSchema, componentMatchListSchema, componentPointSchema, componentTreeSchema, componentTypeCreateSchema, componentTypeMoveSchema,
  componentTypeSchema, componentTypeUpdateSchema, pointFieldsSchema, typeaheadTextSchema,
} from '../components.ts';
import { route } from '../route.ts';

const tags = ['components'];

/** The component type taxonomy (spec 02 section 7, newer base): for any signed-in user. */
export const componentsRoutes = {
  /** The schedule types with their subtrees. */
  scheduleTree: route({ method: 'GET', path: '/api/v2/components/schedule-tree', tags, response: componentTreeSchema }),
  descendants: route({ method: 'GET', path: '/api/v2/components/:id/descendents', tags, params: z.object({ id: componentIdSchema }), response: componentTreeSchema }),
  /** At most five matches. */
  typeahead: route({ method: 'GET', path: '/api/v2/components/typeahead/:text', tags, params: z.object({ text: typeaheadTextSchema }), response: componentMatchListSchema }),
};

const adminTags = ['component types'];
const types = '/api/v2/component-types';
const idParams = z.object({ id: componentIdSchema });

/**
 * The Admin screens of the taxonomy (components_manage): the whole type tree as a flat list, a type's changes, its
 * points. Deleting a type deletes the types below it and every point; 409 while equipment uses any of them.
 */
export const componentAdminRoutes = {
  types: route({ method: 'GET', path: types, tags: adminTags, response: z.array(componentTypeSchema) }),
  createType: route({ method: 'POST', path: types, tags: adminTags, body: componentTypeCreateSchema, response: componentTypeSchema, status: 201 }),
  updateType: route({ method: 'PUT', path: `${types}/:id`, tags: adminTags, params: idParams, body: componentTypeUpdateSchema, response: componentTypeSchema }),
  /** Answers the siblings in their new order. */
  moveType: route({ method: 'POST', path: `${types}/:id/move`, tags: adminTags, params: idParams, body: componentTypeMoveSchema, response: z.array(componentTypeSchema) }),
  removeType: route({ method: 'DELETE', path: `${types}/:id`, tags: adminTags, params: idParams, status: 204 }),
  points: route({ method: 'GET', path: `${types}/:id/points`, tags: adminTags, params: idParams, response: z.array(componentPointSchema) }),
  addPoint: route({ method: 'POST', path: `${types}/:id/points`, tags: adminTags, params: idParams, body: pointFieldsSchema, response: componentPointSchema, status: 201 }),
  updatePoint: route({ method: 'PUT', path: '/api/v2/component-points/:id', tags: adminTags, params: idParams, body: pointFieldsSchema, response: componentPointSchema }),
  /** 409 while equipment has the point. */
  removePoint: route({ method: 'DELETE', path: '/api/v2/component-points/:id', tags: adminTags, params: idParams, status: 204 }),
};
