import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { FakeSocket } from './fake-socket';

/**
 * The whole app at `path`, as the browser would show it; `location()` is where it has got to. The page's
 * realtime connection is `socket` (a fake, disconnected unless the test connects it).
 */
export function renderApp(path: string, options: { socket?: FakeSocket } = {}) {
  const socket = options.socket ?? new FakeSocket();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider createSocket={() => socket}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { user: userEvent.setup(), location, socket, router };
}
