import { useMutation } from '@tanstack/react-query';
import { type ImportKind, importQueuedSchema } from '@syrx/contracts/data-moves';
import { v2Api } from '../../../lib/api-client';

/** POST /api/v2/imports/{kind}?file_name= with the CSV file's text as text/csv: 202 with the import job's id. */
export const postImport = (kind: ImportKind, file: { name: string; csv: string }) =>
  v2Api(`/imports/${kind}`, { method: 'POST', body: file.csv, contentType: 'text/csv', query: { file_name: file.name.slice(0, 255) || undefined }, schema: importQueuedSchema });

export const useImport = (kind: ImportKind) => useMutation({ mutationFn: (file: { name: string; csv: string }) => postImport(kind, file) });
