import { useMutation } from '@tanstack/react-query';
import type { ImportKind } from '@syrx/contracts/data-moves';
import { importsRoutes } from '@syrx/contracts/routes/data-moves';
import { callRoute } from '../../../lib/api-client';

/** A CSV file to send: its name and its text. */
export interface CsvFile {
  name: string;
  csv: string;
}

/** POST /api/v2/imports/{kind}?file_name= with the CSV file's text as text/csv: 202 with the import job's id. */
export const postImport = (kind: ImportKind, file: CsvFile) =>
  callRoute(importsRoutes.queue, { params: { kind }, query: { file_name: file.name.slice(0, 255) || undefined }, body: file.csv });

export const useImport = (kind: ImportKind) => useMutation({ mutationFn: (file: CsvFile) => postImport(kind, file) });
