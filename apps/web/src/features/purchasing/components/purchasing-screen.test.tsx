import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { installFakeApi } from '../../../testing/fake-api';
import { fakePurchasingServer } from '../../../testing/fake-purchasing';
import { renderApp } from '../../../testing/render-app';
import { adaUser } from '../../../testing/fake-api';

vi.setConfig({ testTimeout: 30_000 });

function open() {
  const server = fakePurchasingServer();
  const api = installFakeApi({ user: adaUser, handlers: [server.handler] });
  return { server, api, ...renderApp('/purchasing') };
}

async function setQuantity(user: UserEvent, item: string, quantity: string) {
  const field = await screen.findByLabelText(`Quantity of ${item}`);
  await user.clear(field);
  if (quantity !== '') await user.type(field, quantity);
}

const next = () => screen.getByRole('button', { name: 'Next' });
const pageTitle = (title: string) => screen.findByRole('heading', { name: title, level: 4 });

/** Chooses 2 × S on the sizes page and 5 VAV boxes, then goes to the cost summary. */
async function toSummary(user: UserEvent) {
  await screen.findByLabelText('Quantity of Syrx Controller S (8 nodes)', undefined, { timeout: 15_000 });
  await setQuantity(user, 'Syrx Controller S (8 nodes)', '2');
  await user.click(next());
  await pageTitle('HVAC Equipment');
  await setQuantity(user, 'VAV Box', '5');
  await user.click(next());
  await pageTitle('Building Level Metering');
  await user.click(next());
  await pageTitle('Cost Summary');
}

describe('the purchasing wizard', () => {
  it('goes through the sizes and each category to the cost summary, checking quantities and warning about the node count', async () => {
    const { user } = open();
    await screen.findByLabelText('Quantity of Syrx Controller S (8 nodes)', undefined, { timeout: 15_000 });
    expect(screen.getByText('$2,450.00')).toBeInTheDocument();

    // Quantities are required and at least 0: the wizard does not move on.
    await setQuantity(user, 'Syrx Controller S (8 nodes)', '');
    await user.click(next());
    expect(await screen.findByText('Enter a quantity')).toBeInTheDocument();
    await setQuantity(user, 'Syrx Controller S (8 nodes)', '-1');
    await user.click(next());
    expect(await screen.findByText('Enter a quantity of 0 or more')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4 })).toHaveTextContent('Syrx Controller');

    await setQuantity(user, 'Syrx Controller S (8 nodes)', '2');
    await user.click(next());
    await pageTitle('HVAC Equipment');
    await setQuantity(user, 'VAV Box', '5');
    // Back by one, and forward again: the quantities stay.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await pageTitle('Syrx Controller');
    expect(screen.getByLabelText('Quantity of Syrx Controller S (8 nodes)')).toHaveValue('2');
    await user.click(next());
    await user.click(next());
    await user.click(next());
    await pageTitle('Cost Summary');

    const table = screen.getByRole('table', { name: 'Cost summary' });
    expect(within(table).getByText('Syrx Controller S (8 nodes)')).toBeInTheDocument();
    expect(within(table).getByText('$4,900.00')).toBeInTheDocument();
    expect(within(table).getByText('$447.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Total')).toHaveTextContent('$5,347.50');
    expect(screen.getByText('The controllers provide 16 node slots for 5 nodes. Empty slots cannot be filled later.')).toBeInTheDocument();

    // Back to HVAC for 20 VAV boxes: now the nodes do not all fit.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await setQuantity(user, 'VAV Box', '20');
    await user.click(next());
    await user.click(next());
    expect(await screen.findByText('The controllers provide only 16 node slots for 20 nodes. Not all nodes can be used.')).toBeInTheDocument();
  });

  it('confirms the order with ids and quantities only, shows a declined card\'s message under the card field, then thanks for a payment', async () => {
    const { user, api } = open();
    await toSummary(user);
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    const form = await screen.findByRole('form', { name: 'Card payment' });
    expect(api.calls.find((c) => c.path === '/api/v2/purchasing/initiate')?.body).toEqual({
      group_id: 2, user_id: 7, syrx_controller_size_quantities: [{ syrx_controller_size_id: 1, quantity: 2 }],
      syrx_controller_node_type_quantities: [{ syrx_controller_node_type_id: 11, quantity: 5 }],
    });
    expect(within(form).getByText('Test mode — no real charge')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Card number'), '4000000000000002');
    await user.type(within(form).getByLabelText('Expiry (MM / YY)'), '1240');
    await user.type(within(form).getByLabelText('CVC'), '123');
    expect(within(form).getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await user.click(within(form).getByRole('button', { name: /^Pay \$5,347\.50/ }));
    expect(await within(form).findByRole('alert', { name: 'Card error' })).toHaveTextContent('Your card was declined.');
    // Processing stopped: no status update, and the button works again.
    expect(api.calls.some((c) => c.path.endsWith('/update-status'))).toBe(false);
    // (antd keeps the loading icon's leaving animation in jsdom, so the name may still start with "loading".)
    await waitFor(() => expect(within(form).getByRole('button', { name: /Pay \$/ })).not.toHaveClass('ant-btn-loading'));

    await user.clear(within(form).getByLabelText('Card number'));
    await user.type(within(form).getByLabelText('Card number'), '4242424242424242');
    await user.click(within(form).getByRole('button', { name: /Pay \$/ }));
    expect(await screen.findByText('Thank you for your order!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your payment of $5,347.50 for order 31 was received. It is in your projects as the project "Order 31"; you will be taken there in 5 seconds.');
    expect(screen.getByRole('button', { name: 'Edit the project' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/v2/purchasing/31/update-status')).toHaveLength(1));
  });
});
