const afterSignIn = '/home';

/**
 * Where to go after signing in: the `next` query parameter, with or without its leading slash
 * (`register-syrx-controller` is accepted), else /home. Only paths of this site are followed.
 */
export function resolveNextPath(next: string | null | undefined): string {
  const value = next?.trim() ?? '';
  if (value === '' || /^[a-z][a-z\d+.-]*:/i.test(value)) return afterSignIn;
  const path = value.startsWith('/') ? value : `/${value}`;
  if (path.startsWith('//') || path.startsWith('/\\')) return afterSignIn;
  if (/^\/login(?:[/?#]|$)/.test(path)) return afterSignIn;
  return path;
}

/** The sign-in page that returns to `location` (path and query) afterwards. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = location.pathname + location.search;
  if (target === '/' || target === '') return '/login';
  return `/login?${new URLSearchParams({ next: target }).toString()}`;
}
