import type { IssueKind } from '@syrx/contracts/issues';

/** What a kind is called in texts, and where its screens are. */
export const kindTexts: Readonly<Record<IssueKind, { one: string; many: string; title: string; path: string }>> = {
  issue: { one: 'issue', many: 'issues', title: 'Issues', path: '/commissioning/issues' },
  task: { one: 'task', many: 'tasks', title: 'Tasks', path: '/commissioning/tasks' },
};

/** An entry's page. */
export const issuePath = (kind: IssueKind, id: number) => `${kindTexts[kind].path}/${id}`;

/** A history entry's change as a sentence: "status: Open → Closed". */
export const changeText = (c: { field: string; from: string | null; to: string | null }) =>
  c.from === null ? `${c.field}: ${c.to ?? ''}` : c.to === null ? `${c.field}: ${c.from} removed` : `${c.field}: ${c.from} → ${c.to}`;
