import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { type RecordedCall, adaUser, installFakeApi } from '../testing/fake-api';
import { AppProvider } from './provider';
import { routes } from './router';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { user: userEvent.setup(), location };
}

const controllerId = '7b0e9d4e-2f7a-4c1e-9a7e-0d1f3c5b6a70';

const isSignIn = (call: RecordedCall) => call.method === 'POST' && call.path === '/api/Login';

describe('signing in', () => {
  it('sends a logged-out visitor to the sign-in page and afterwards to where they were going', async () => {
    const api = installFakeApi({ handlers: [(call) => (isSignIn(call) ? (api.signIn(adaUser), { status: 200, body: adaUser }) : undefined)] });
    const { user, location } = renderApp('/project/schedule/12?tab=equipment');

    await user.type(await screen.findByLabelText('Username'), 'ada@example.com');
    await waitFor(() => expect(location()).toBe('/login?next=%2Fproject%2Fschedule%2F12%3Ftab%3Dequipment'));
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // The fake server has no project 12: the schedule says so.
    expect(await screen.findByText('The project could not be loaded')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/project/schedule/12?tab=equipment'));
    expect(await screen.findByTestId('current-group-name')).toHaveTextContent('Acme Buildings');
    expect(api.calls.find(isSignIn)?.body).toEqual({ username: 'ada@example.com', password: 'correct horse', token: null });
  });

  it("shows the server's message for refused credentials and a fixed message for other failures", async () => {
    const answers = [
      { status: 401, body: { code: 'invalid_credentials', message: 'Invalid username or password.' } },
      { status: 500, body: { code: 'internal', message: 'boom' } },
    ];
    installFakeApi({ handlers: [(call) => (isSignIn(call) ? answers.shift() : undefined)] });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An unknown error has occurred; please contact the system administrator.'),
    );
  });

  it('requires username and password before calling the server', async () => {
    const api = installFakeApi();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(api.calls.filter(isSignIn)).toHaveLength(0);
  });

  it('completes e-mail validation with the token of /login/{token}', async () => {
    const api = installFakeApi({ handlers: [(call) => (isSignIn(call) ? (api.signIn(adaUser), { status: 200, body: adaUser }) : undefined)] });
    const { user, location } = renderApp('/login/abc123?next=register-syrx-controller');
    expect(await screen.findByText('Signing in completes the validation of your e-mail address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/user-registration?next=register-syrx-controller');

    await user.type(screen.getByLabelText('Username'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/register-syrx-controller'));
    expect(api.calls.find(isSignIn)?.body).toMatchObject({ token: 'abc123' });
  });
});

describe('routes while logged out', () => {
  it('shows the logged-out variant of controller registration', async () => {
    installFakeApi();
    renderApp('/register-syrx-controller');
    expect(await screen.findByText('You must be logged in to register a Syrx controller.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Log in/ })).toHaveAttribute('href', '/login?next=register-syrx-controller');
  });

  it('offers registration and only a Login item in the navigation', async () => {
    installFakeApi();
    renderApp('/user-registration');
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    const nav = screen.getByRole('menubar', { name: 'Main navigation' });
    expect(within(nav).getByRole('menuitem', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).queryByText('Logout')).not.toBeInTheDocument();
  });
});

describe('routes while logged in', () => {
  it('greets the user on /home with the menus their permissions allow', async () => {
    installFakeApi({ user: adaUser });
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/home'));
    const nav = screen.getByRole('menubar', { name: 'Main navigation' });
    expect(within(nav).getByText('Commissioning')).toBeInTheDocument();
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Report Data')).not.toBeInTheDocument();
    expect(within(nav).getByText('Logout')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    // Without LEGACY_APP_URL no menu or home link leads to the legacy app's screens (issue 24: no dead ends).
    expect(screen.queryByRole('link', { name: 'Queued reports' })).not.toBeInTheDocument();
    expect(within(nav).queryByText('Reporting')).not.toBeInTheDocument();
  });

  it('logs out to the sign-in page that would return to the page (no legacy app configured)', async () => {
    installFakeApi({ user: adaUser });
    const { user, location } = renderApp('/home');
    const nav = await screen.findByRole('menubar', { name: 'Main navigation' });
    await user.click(within(nav).getByText('Logout'));
    await waitFor(() => expect(location()).toBe('/login?next=%2Fhome'));
    // Logged out, the navigation is another element: the signed-in menus are a screen of their own (top-nav.tsx).
    const loggedOut = await screen.findByRole('menubar', { name: 'Main navigation' });
    expect(within(loggedOut).getByRole('menuitem', { name: 'Login' })).toBeInTheDocument();
    expect(within(loggedOut).queryByText('Logout')).not.toBeInTheDocument();
  });

  it('names a legacy screen on its not-yet-available page', async () => {
    installFakeApi({ user: adaUser });
    renderApp('/not-available/queued-reports');
    expect(await screen.findByText('Queued reports is not part of this version of Syrx Console yet.')).toBeInTheDocument();
  });

  it.each([
    ['/commissioning/equipment/editor', 'Add Equipment'],
    ['/project/editor', 'Add Project'],
    ['/project/editor/42', 'Edit Project'],
    ['/commissioning/contacts', 'Contacts'],
  ])('has its screen at %s', async (path, title) => {
    installFakeApi({ user: adaUser });
    renderApp(path);
    expect(await screen.findByText(title)).toBeInTheDocument();
  });

  it.each([
    ['/admin/syrx-controllers/3f1c', '/admin/syrx-controllers'],
    ['/admin/syrx-controllers/3f1c/edit', '/admin/syrx-controllers'],
    [`/admin/syrx-controllers/${controllerId}/no-such-page/1`, `/admin/syrx-controllers/${controllerId}`],
    [`/admin/syrx-controllers-old/${controllerId}/delete`, `/admin/syrx-controllers-old/${controllerId}`],
    ['/admin/syrx-controllers-old/3f1c/edit', '/admin/syrx-controllers-old'],
  ])('redirects the unknown path %s of the controller area to %s', async (path, target) => {
    installFakeApi({ user: adaUser });
    const { location } = renderApp(path);
    await waitFor(() => expect(location()).toBe(target));
  });

  it('shows "Page not found" for a path that is no screen', async () => {
    installFakeApi({ user: adaUser });
    renderApp('/admin/nothing-here');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });

  it('sends a signed-in user away from /login to next', async () => {
    installFakeApi({ user: adaUser });
    const { location } = renderApp('/login?next=/purchasing');
    expect(await screen.findByRole('heading', { name: 'Purchasing' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/purchasing'));
  });
});
