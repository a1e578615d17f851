import { describe, expect, it } from 'vitest';
import { pageGroups } from './page-ranges';

describe('point tree page groups', () => {
  it('has none while a group fits one page of 20', () => {
    expect(pageGroups(0)).toEqual([]);
    expect(pageGroups(20)).toEqual([]);
  });

  it('labels each page [start - end], the last one ending at the count', () => {
    expect(pageGroups(45).map((g) => g.label)).toEqual(['[1 - 20]', '[21 - 40]', '[41 - 45]']);
    expect(pageGroups(21).at(-1)).toEqual({ page: 1, start: 21, end: 21, label: '[21 - 21]' });
    expect(pageGroups(2000)).toHaveLength(100);
    expect(pageGroups(2000).at(-1)?.label).toBe('[1981 - 2000]');
  });
});
