import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

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
