import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentNode } from '@syrx/contracts/components';
import { lastPicks, type SubcomponentStacks } from '../utils/subcomponent-stacks';
import { SubcomponentSection } from './subcomponent-section';

const node = (id: number, description: string, children: ComponentNode[] = []): ComponentNode => ({ id, description, children });
const ahu = node(1, 'Air Handling Unit', [
  node(2, 'Cooling', [node(4, 'Chilled Water Coil', [node(5, 'Two-Way Valve'), node(6, 'Three-Way Valve')]), node(7, 'No Cooling')]),
  node(3, 'Economizer', [node(8, 'Dry-Bulb')]),
]);

function Harness() {
  const [stacks, setStacks] = useState<SubcomponentStacks>({});
  return (
    <>
      <SubcomponentSection component={ahu} stacks={stacks} onChange={setStacks} />
      <output aria-label="sent">{lastPicks(ahu.children, stacks).join(',')}</output>
    </>
  );
}

describe('the subcomponent modal', () => {
  it('drills into a pick, goes back one level, and closes by itself on a pick without children', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Select Cooling' }));
    let dialog = await screen.findByRole('dialog', { name: 'Select Type of Cooling' });
    expect(within(dialog).getByRole('button', { name: 'Go Back' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Chilled Water Coil' }));
    dialog = await screen.findByRole('dialog', { name: 'Select Type of Chilled Water Coil' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['Two-Way Valve', 'Three-Way Valve']));
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    dialog = await screen.findByRole('dialog', { name: 'Select Type of Cooling' });
    await user.click(within(dialog).getByRole('button', { name: 'Chilled Water Coil' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Select Type of Chilled Water Coil' })).getByRole('button', { name: 'Three-Way Valve' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Chilled Water Coil › Three-Way Valve')).toBeInTheDocument();
    expect(screen.getByLabelText('sent')).toHaveTextContent('6');

    // Each category has its own stack; Close keeps what was picked.
    await user.click(screen.getByRole('button', { name: 'Select Economizer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Select Type of Economizer' })).getByRole('button', { name: 'Dry-Bulb' }));
    expect(screen.getByLabelText('sent')).toHaveTextContent('6,8');
    await user.click(screen.getByRole('button', { name: 'Select Cooling' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Select Type of Chilled Water Coil' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('sent')).toHaveTextContent('6,8');
  });
});
