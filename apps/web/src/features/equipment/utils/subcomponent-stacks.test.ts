import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '@syrx/contracts/components';
import { goBack, lastPicks, levelOf, pick, stackLabel } from './subcomponent-stacks';

const node = (id: number, description: string, children: ComponentNode[] = []): ComponentNode => ({ id, description, children });
const twoWay = node(5, 'Two-Way Valve');
const threeWay = node(6, 'Three-Way Valve');
const chw = node(4, 'Chilled Water Coil', [twoWay, threeWay]);
const dx = node(7, 'Direct Expansion', [node(8, 'Single Stage')]);
const none = node(9, 'None');
const cooling = node(2, 'Cooling', [chw, dx, none]);
const economizer = node(3, 'Economizer', [node(10, 'Dry-Bulb')]);

describe('subcomponent stacks', () => {
  it('drills into a pick with children and stays at the level of a leaf', () => {
    expect(levelOf(cooling, [])).toBe(cooling);
    const drilled = pick(cooling, [], chw);
    expect(drilled).toEqual([chw]);
    expect(levelOf(cooling, drilled)).toBe(chw);
    const leaf = pick(cooling, drilled, twoWay);
    expect(leaf).toEqual([chw, twoWay]);
    expect(levelOf(cooling, leaf)).toBe(chw);
    // Another leaf at that level replaces the first.
    expect(pick(cooling, leaf, threeWay)).toEqual([chw, threeWay]);
    expect(pick(cooling, [none], dx)).toEqual([dx]);
  });

  it('goes back one level and sends the last pick of each stack in the categories\' order', () => {
    expect(goBack([chw, twoWay])).toEqual([chw]);
    expect(goBack([])).toEqual([]);
    expect(lastPicks([cooling, economizer], { [economizer.id]: [economizer.children[0] as ComponentNode], [cooling.id]: [chw, twoWay] })).toEqual([5, 10]);
    expect(lastPicks([cooling, economizer], { [cooling.id]: [] })).toEqual([]);
    expect(stackLabel([chw, twoWay])).toBe('Chilled Water Coil › Two-Way Valve');
  });
});
