import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { installFakeApi } from './fake-api';
import { FakeNamespaces, FakeSocket } from './fake-socket';

/**
 * The whole app at `path`, as the browser would show it; `location()` is where it has got to. The page's
 * realtime connection is `socket` (a fake, disconnected unless the test connects it); the screens' namespace
 * connections (/live-logs, /terminal) are fakes in `namespaces`, connected as they open.
 */
export function renderApp(path: string, options: { socket?: FakeSocket; namespaces?: FakeNamespaces } = {}) {
  const socket = options.socket ?? new FakeSocket();
  const namespaces = options.namespaces ?? new FakeNamespaces();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider createSocket={() => socket} createNamespaceSocket={namespaces.create}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { user: userEvent.setup(), location, socket, namespaces, router };
}

/** renderApp at `path` with the fake server installed first (installFakeApi's options); `api` records the calls. */
export function renderWithApi(path: string, options: Parameters<typeof installFakeApi>[0]) {
  const api = installFakeApi(options);
  return { ...renderApp(path), api };
}
