import { expect } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { RecordedCall } from './fake-api';

// What the grid screens' tests ask of a grid: the queries it sent for its list, and its rows.

/** The queries of the GET calls for the paged list at `path` (e.g. '/api/v2/roles'), oldest first. */
export const queriesTo = (calls: readonly RecordedCall[], path: string): URLSearchParams[] =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith(`${path}?`)).map((c) => new URLSearchParams(c.path.split('?')[1]));

/** Waits until the last query for the list at `path` holds each of `params` (a filter's field, operator or value, the sort). */
export async function untilLastQueryHas(calls: readonly RecordedCall[], path: string, params: Record<string, string>): Promise<void> {
  await waitFor(() => expect(Object.fromEntries(queriesTo(calls, path).at(-1) ?? [])).toMatchObject(params));
}

/** The row of `grid` that holds the link `name`, once it shows. */
export async function rowWithLink(grid: HTMLElement, name: string): Promise<HTMLElement> {
  return (await within(grid).findByRole('link', { name })).closest('tr') as HTMLElement;
}

/** Expects each of `texts` in the row. */
export function expectTextsIn(row: HTMLElement, texts: readonly string[]): void {
  for (const text of texts) expect(within(row).getByText(text)).toBeInTheDocument();
}
