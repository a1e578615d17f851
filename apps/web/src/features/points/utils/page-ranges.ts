import { pageRangeLabel, pointTreePageSize } from '@syrx/contracts/points';

export interface PageGroup {
  /** 0-based page, so the points are skip = page × size, take = size. */
  page: number;
  start: number;
  end: number;
  label: string;
}

/**
 * The page groups of an object-type group in the point-picker tree: none up to one page (its points show
 * directly), else one per page of 20, labelled [start - end] (spec 01 section 9).
 */
export function pageGroups(count: number, size: number = pointTreePageSize): PageGroup[] {
  if (count <= size) return [];
  return Array.from({ length: Math.ceil(count / size) }, (_, page) => {
    const start = page * size + 1;
    const end = Math.min(count, (page + 1) * size);
    return { page, start, end, label: pageRangeLabel(start, end) };
  });
}
