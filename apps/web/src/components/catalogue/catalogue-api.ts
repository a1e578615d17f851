import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Sort } from '@syrx/contracts/grid';
import type { Page } from '@syrx/contracts/jobs';
import type { AnyRoute } from '@syrx/contracts/route';
import type { CatalogueRoutes } from '@syrx/contracts/routes/catalogues';
import { callRoute } from '../../lib/api-client';
import { sortParam } from '../../lib/grid-query';

/** A page of a catalogue's grid as the screen asks for it: from 1, sorted, with a "contains" filter on one field. */
export interface CataloguePageQuery {
  pageNum: number;
  pageSize: number;
  sort: readonly Sort[];
  contains: { field: string; text: string };
}

/** What the catalogue screen calls: its grid's pages and a row's create, update and delete. */
export interface CatalogueApi<T extends { id: number }> {
  /** The query key all of the catalogue's reads start with. */
  key: string;
  page: (q: CataloguePageQuery) => Promise<Page<T>>;
  save: (id: number | null, body: Record<string, unknown>) => Promise<T>;
  remove: (id: number) => Promise<unknown>;
}

/** A catalogue's calls through its five contract routes (packages/contracts/src/routes/catalogues.ts). */
export function catalogueApi<I extends z.ZodType<{ id: number }>, B extends z.ZodType>(key: string, routes: CatalogueRoutes<I, B>): CatalogueApi<z.output<I>> {
  // Generic over the catalogue's schemas, a route's input type does not resolve: the forms send what the body schema
  // takes (the server checks it again), and the answer is still parsed by the route's response schema.
  const send = callRoute as (route: AnyRoute, input: { params?: { id: number }; body?: unknown }) => Promise<unknown>;
  return {
    key,
    page: async ({ pageNum, pageSize, sort, contains }) => {
      const text = contains.text.trim();
      const filter = text === '' ? undefined : [{ field: contains.field, field_type: 'string', operator: 'contains', value: text }];
      return callRoute(routes.list, { query: { pageNum, pageSize, sort: sortParam(sort), filter } });
    },
    save: async (id, values) =>
      (await (id === null ? send(routes.create, { body: values }) : send(routes.update, { params: { id }, body: values }))) as z.output<I>,
    remove: (id) => callRoute(routes.remove, { params: { id } }),
  };
}

/** One page of the catalogue's grid (the last page stays in view while the next loads). */
export function useCataloguePage<T extends { id: number }>(api: CatalogueApi<T>, q: CataloguePageQuery) {
  return useQuery({ queryKey: ['catalogues', api.key, 'page', q], queryFn: () => api.page(q), placeholderData: keepPreviousData });
}

/** Saves (id null: adds) or deletes a row; the catalogue's reads load again afterwards. */
export function useCatalogueChanges<T extends { id: number }>(api: CatalogueApi<T>) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['catalogues', api.key] });
  return {
    save: useMutation({ mutationFn: ({ id, values }: { id: number | null; values: Record<string, unknown> }) => api.save(id, values), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api.remove(id), onSuccess }),
  };
}
