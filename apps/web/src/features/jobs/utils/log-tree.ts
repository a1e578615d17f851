import type { JobLog } from '@syrx/contracts/jobs';

export interface LogNode {
  /** The entry's id as text (antd keys). */
  key: string;
  entry: JobLog;
  /** An entry without child logs is a leaf; one with them is opened on demand. */
  isLeaf: boolean;
  /** Set once the entry's child logs are loaded. */
  children?: LogNode[];
}

/**
 * The log tree: the top-level entries, each with the child logs loaded so far (by parent entry id). Entries whose
 * children are not loaded yet have none, so the tree asks for them when opened.
 */
export function buildLogTree(top: readonly JobLog[], children: ReadonlyMap<number, readonly JobLog[]>): LogNode[] {
  const node = (entry: JobLog): LogNode => {
    const loaded = children.get(entry.id);
    return { key: String(entry.id), entry, isLeaf: !entry.hasChildLogs, ...(loaded ? { children: loaded.map(node) } : {}) };
  };
  return top.map(node);
}
