import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const ada = { ...adaUser, permissions: ['projects_manage', 'ecos_manage'] };
/** The server's client configuration with LEGACY_APP_URL set. */
const deployedLegacyApp = (call: { path: string }) =>
  call.path === '/api/v2/client-config' ? { status: 200, body: { legacy_app_url: 'https://legacy.example/', payment_mode: 'test', stripe_publishable_key: null } } : undefined;

describe('links to the legacy application', () => {
  it('are shown, on the home page and in the menus, when LEGACY_APP_URL is set', async () => {
    installFakeApi({ user: ada, handlers: [deployedLegacyApp] });
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'ECOs' }, { timeout: 8000 })).toHaveAttribute('href', 'https://legacy.example/#/commissioning/ecos');
    expect(screen.getByRole('link', { name: 'Queued reports' })).toHaveAttribute('href', 'https://legacy.example/#/reporting/queued_reports');
    expect(within(screen.getByRole('menubar', { name: 'Main navigation' })).getByText('Reporting')).toBeInTheDocument();
  });

  it('are not shown without it: every link leads to a screen of this application', async () => {
    installFakeApi({ user: ada });
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Projects' }, { timeout: 8000 })).toHaveAttribute('href', '/projects');
    expect(screen.queryByRole('link', { name: 'ECOs' })).not.toBeInTheDocument();
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).not.toMatch(/not-available|#\//);
  });

  it('show the way to the legacy screen on its not-yet-available page once the legacy app is deployed, and home always', async () => {
    installFakeApi({ user: ada, handlers: [deployedLegacyApp] });
    renderApp('/not-available/ecos');
    expect(await screen.findByRole('link', { name: 'Open ECOs in the legacy application' }, { timeout: 8000 })).toHaveAttribute('href', 'https://legacy.example/#/commissioning/ecos');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });

  it('tell a user with no screen open to them so, rather than show an empty page', async () => {
    installFakeApi({ user: { ...adaUser, permissions: [] } });
    renderApp('/home');
    expect(await screen.findByText(/No screens are open to you yet/, {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
