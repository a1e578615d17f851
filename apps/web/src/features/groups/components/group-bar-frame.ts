import type { CSSProperties } from 'react';

/**
 * The current group bar's frame, 37 px high: the shell draws it empty while the bar's code loads (a chunk of its own),
 * so the page below does not move when the bar appears — a click aimed at the page just then would land 37 px off (a
 * lost click on /projects in a browser test, 2026-11-28). A minimum, not a fixed height: a group name too long for a
 * narrow window wraps and the bar grows rather than spilling over the page.
 */
export const groupBarFrame: CSSProperties = {
  minHeight: 37,
  boxSizing: 'border-box',
  padding: '0 24px',
  background: '#fff',
  borderBottom: '1px solid #f0f0f0',
};
