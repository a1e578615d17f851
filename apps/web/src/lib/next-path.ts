const afterSignIn = '/home';
// C0 controls, DEL and C1 controls. URL parsing drops tabs and newlines, so "/\t/evil.com" would become "//evil.com"
// (another origin: the router throws) after our checks had passed; they are removed before checking instead.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;
const probeOrigin = 'http://next.invalid';

/**
 * Where to go after signing in: the `next` query parameter, with or without its leading slash
 * (`register-syrx-controller` is accepted), else /home. Only paths of this site are followed.
 */
export function resolveNextPath(next: string | null | undefined): string {
  const value = next?.replace(controlCharacters, '').trim() ?? '';
  if (value === '' || /^[a-z][a-z\d+.-]*:/i.test(value)) return afterSignIn;
  const path = value.startsWith('/') ? value : `/${value}`;
  if (/^[/\\]{2}/.test(path)) return afterSignIn;
  if (/^\/login(?:[/?#]|$)/.test(path)) return afterSignIn;
  // Whatever else a browser would read as another origin stays out too.
  try {
    if (new URL(path, probeOrigin).origin !== probeOrigin) return afterSignIn;
  } catch {
    return afterSignIn;
  }
  return path;
}

/** The sign-in page that returns to `location` (path and query) afterwards. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = location.pathname + location.search;
  if (target === '/' || target === '') return '/login';
  return `/login?${new URLSearchParams({ next: target }).toString()}`;
}
