import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { passwordMessages } from '@syrx/contracts/passwords';
import { registrationMessages as m } from '@syrx/contracts/registration';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { RegistrationForm } from './registration-form';

const labels = [
  'Email', 'Password', 'Confirm password', 'First name', 'Last name', 'Address', 'City', 'State', 'Zip', 'Job title',
  'Organization name',
];

/** The form on its page, its calls answered by a fake server (installFakeApi's options) that `api` records. */
function renderForm(options: Parameters<typeof installFakeApi>[0] = {}) {
  const api = installFakeApi(options);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/user-registration?next=register-syrx-controller']}>
        <RegistrationForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), api };
}

/** The message shown under the field labelled `label` (a replaced message may still be fading out). */
function messageUnder(label: string): string | null {
  const item = screen.getByLabelText(label).closest('.ant-form-item');
  if (!(item instanceof HTMLElement)) throw new Error(`no form item for ${label}`);
  const shown = [...item.querySelectorAll('.ant-form-item-explain-error')].filter((e) => !/-leave/.test(e.className));
  return shown.length === 0 ? null : shown.map((e) => e.textContent).join(' | ');
}

describe('registration form', () => {
  it('says "Required" under every field when submitted empty, without calling the server', async () => {
    const { api, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(screen.getAllByText(m.required)).toHaveLength(labels.length));
    for (const label of labels) expect(messageUnder(label)).toBe(m.required);
    expect(api.calls).toEqual([]);
  });

  it('shows the verbatim e-mail, confirmation and zip messages and keeps what was typed', async () => {
    const { api, user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'first-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'second-secret');
    await user.type(screen.getByLabelText('Zip'), '1234');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => {
      expect(messageUnder('Email')).toBe(m.email);
      expect(messageUnder('Confirm password')).toBe(m.passwordMismatch);
      expect(messageUnder('Zip')).toBe(m.zipMin);
      expect(messageUnder('First name')).toBe(m.required);
    });
    expect(messageUnder('City')).toBeNull();
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    expect(screen.getByLabelText('Email')).toHaveValue('not-an-address');

    await user.clear(screen.getByLabelText('Zip'));
    await user.type(screen.getByLabelText('Zip'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(messageUnder('Zip')).toBe(m.zipPattern));
    expect(api.calls).toEqual([]);
  });

  it('asks for at least 12 characters in the password before calling the server', async () => {
    const { api, user } = renderForm();
    await user.type(screen.getByLabelText('Password'), 'short-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'short-pass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(messageUnder('Password')).toBe(passwordMessages.tooShort));
    expect(messageUnder('Confirm password')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('offers the sign-in page with the query string carried along', () => {
    renderForm();
    const link = within(screen.getByText(/Already have an account/)).getByRole('link', { name: 'Login' });
    expect(link).toHaveAttribute('href', '/login?next=register-syrx-controller');
  });
});

const valid: Record<string, string> = {
  Email: 'ada@example.com', Password: 'a long passphrase', 'Confirm password': 'a long passphrase', 'First name': 'Ada',
  'Last name': 'Lovelace', Address: '1 Main St', City: 'Springfield', State: 'IL', Zip: '62701', 'Job title': 'Engineer',
  'Organization name': 'Acme Buildings',
};

const isRegister = (call: RecordedCall) => call.method === 'POST' && call.path === '/api/v2/users/register';

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(valid)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('registration against the server', () => {
  it('sends the wire names and shows the account-created message with a way to sign in', async () => {
    const { api, user } = renderForm({ handlers: [(call) => (isRegister(call) ? { status: 201, body: { email: 'ada@example.com' } } : undefined)] });
    await fillAndSubmit(user);

    expect(await screen.findByText(m.success)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login?next=register-syrx-controller');
    expect(api.calls.find(isRegister)?.body).toEqual({
      email: 'ada@example.com', password: 'a long passphrase', first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St',
      city: 'Springfield', state: 'IL', zip: '62701', job_title: 'Engineer', group_name: 'Acme Buildings',
    });
  });

  it('shows a duplicate e-mail under the Email field and server field errors under their fields', async () => {
    const answers = [
      { status: 409, body: { code: 'conflict', message: 'An account with this e-mail address already exists.', fields: [{ field: 'email', message: 'An account with this e-mail address already exists.' }] } },
      { status: 400, body: { code: 'validation_failed', message: 'Invalid input', fields: [{ field: 'group_name', message: 'That organization name is taken.' }] } },
    ];
    const { user } = renderForm({ handlers: [(call) => (isRegister(call) ? answers.shift() : undefined)] });
    await fillAndSubmit(user);
    await waitFor(() => expect(messageUnder('Email')).toBe('An account with this e-mail address already exists.'));

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(messageUnder('Organization name')).toBe('That organization name is taken.'));
    expect(screen.getByLabelText('Organization name')).toHaveValue('Acme Buildings');
  });

  it("shows the server's password rule under the Password field", async () => {
    const refused = { code: 'validation_failed', message: 'The request has invalid or missing fields.', fields: [{ field: 'password', message: passwordMessages.tooCommon }] };
    const { user } = renderForm({ handlers: [(call) => (isRegister(call) ? { status: 400, body: refused } : undefined)] });
    await fillAndSubmit(user);
    await waitFor(() => expect(messageUnder('Password')).toBe('This password is too common'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveValue(valid.Password);
  });

  it("keeps everything typed and shows the server's message when registration is refused", async () => {
    const { user } = renderForm({ handlers: [(call) => (isRegister(call) ? { status: 429, body: { code: 'rate_limited', message: 'Too many attempts; try again in a minute.' } } : undefined)] });
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts; try again in a minute.');
    for (const [label, value] of Object.entries(valid)) expect(screen.getByLabelText(label)).toHaveValue(value);
  });
});
