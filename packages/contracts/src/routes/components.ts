import { z } from 'zod';
import { componentIdSchema, componentMatchListSchema, componentTreeSchema, typeaheadTextSchema } from '../components.ts';
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
