import { useMutation } from '@tanstack/react-query';
import type { ImportKind } from '@syrx/contracts/data-moves';
import { importsRoutes } from '@syrx/contracts/routes/data-moves';
import { callRoute } from '../../../lib/api-client';

/** POST /api/v2/imports/{kind}?file_name= with the CSV file's text as text/csv: 202 with the import job's id. */
export const postImport = (kind: ImportKind, file: { name: string; csv: string }) =>
  callRoute(importsRoutes.queue, { params: { kind }, query: { file_name: file.name.slice(0, 255) || undefined }, body: file.csv });

export const useImport = (kind: ImportKind) => useMutation({ mutationFn: (file: { name: string; csv: string }) => postImport(kind, file) });
