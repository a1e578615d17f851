import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Opens the select named `name` and clicks its option `title`, as a user picks one. */
export async function pickOption(user: UserEvent, name: string, title: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByTitle(title));
}

/** Replaces what `field` holds with `text`, as a user clears it and types again. */
export async function retype(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.type(field, text);
}

/** Clicks the editor's Delete and confirms in the dialog that asks. */
export async function deleteAndConfirm(user: UserEvent): Promise<void> {
  await user.click(await screen.findByRole('button', { name: /Delete/ }, { timeout: 8000 }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
}

const treeNodeOf = async (tree: HTMLElement, title: string | RegExp) =>
  (await within(tree).findByText(title, {}, { timeout: 8000 })).closest('.ant-tree-treenode') as HTMLElement;

/**
 * Opens the tree's nodes titled `titles`, one after the other, as a user clicks each expander once the node above has
 * opened. The tree ignores a click on an expander while another node's opening animation runs, so each click is made
 * again until its node says it is expanded (a slow machine stretches the animation past the next click).
 */
export async function openTreePath(user: UserEvent, tree: HTMLElement, titles: readonly (string | RegExp)[]): Promise<void> {
  for (const title of titles) {
    await waitFor(async () => {
      const node = await treeNodeOf(tree, title);
      if (node.getAttribute('aria-expanded') !== 'true') await user.click(node.querySelector('.ant-tree-switcher') as HTMLElement);
      expect((await treeNodeOf(tree, title)).getAttribute('aria-expanded')).toBe('true');
    }, { timeout: 8000 });
  }
}
