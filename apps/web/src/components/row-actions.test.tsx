import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { RowActions } from './row-actions';

const actionsWith = (reload: () => void, ignore: () => void) => [
  { key: 'reload', label: 'Reload device', onClick: reload },
  { key: 'ignore', label: 'Ignore', onClick: ignore, disabled: true },
];

describe('row actions', () => {
  it('shows a button per action while space allows', async () => {
    const reload = vi.fn();
    render(<RowActions actions={actionsWith(reload, vi.fn())} compact={false} rowLabel="AHU-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload device' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Ignore' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Actions for AHU-1' })).not.toBeInTheDocument();
  });

  it('puts them in a menu when space is short, reachable from the keyboard', async () => {
    const reload = vi.fn();
    const user = userEvent.setup();
    render(<RowActions actions={actionsWith(reload, vi.fn())} compact rowLabel="AHU-1" />);
    expect(screen.queryByRole('button', { name: 'Reload device' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Actions for AHU-1' }).focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Reload device' });
    expect(screen.getByRole('menuitem', { name: 'Ignore' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(item);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('disables the menu with the reason while every action is unavailable', () => {
    render(<RowActions actions={actionsWith(vi.fn(), vi.fn())} compact rowLabel="AHU-1" inactiveTitle="Inactive while disconnected from agent" />);
    const menu = screen.getByRole('button', { name: 'Actions for AHU-1' });
    expect(menu).toBeDisabled();
    expect(menu).toHaveAttribute('title', 'Inactive while disconnected from agent');
  });
});
