import type { ComponentNode } from '@syrx/contracts/components';

/**
 * The subcomponent choices of a new equipment (spec 02 section 4): one stack per subcomponent category (a child of the
 * equipment's component), holding the types picked from the category down. The last pick of each stack is sent.
 */
export type SubcomponentStacks = Readonly<Record<number, readonly ComponentNode[]>>;

/**
 * The node whose children the modal lists: the last pick when it has children, else the level that pick was made at
 * (the picked leaf is shown there as chosen), else the category itself.
 */
export function levelOf(category: ComponentNode, stack: readonly ComponentNode[]): ComponentNode {
  const top = stack.at(-1);
  if (!top) return category;
  if (top.children.length > 0) return top;
  return stack.at(-2) ?? category;
}

/** Picking an item listed at the current level: the stack down to that level, then the item (pushed). */
export function pick(category: ComponentNode, stack: readonly ComponentNode[], item: ComponentNode): ComponentNode[] {
  const level = levelOf(category, stack);
  const keep = level.id === category.id ? 0 : stack.findIndex((n) => n.id === level.id) + 1;
  return [...stack.slice(0, keep), item];
}

/** Go Back: pops one level. */
export const goBack = (stack: readonly ComponentNode[]): ComponentNode[] => stack.slice(0, -1);

/** The ids a new equipment sends: the last pick of each non-empty stack, in the categories' order. */
export const lastPicks = (categories: readonly ComponentNode[], stacks: SubcomponentStacks): number[] =>
  categories.flatMap((c) => {
    const top = stacks[c.id]?.at(-1);
    return top ? [top.id] : [];
  });

/** How a stack reads: "Chilled Water Coil › Two-Way Valve". */
export const stackLabel = (stack: readonly ComponentNode[] | undefined): string => (stack ?? []).map((n) => n.description).join(' › ');
