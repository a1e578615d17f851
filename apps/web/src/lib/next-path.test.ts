import { describe, expect, it } from 'vitest';
import { loginPathFor, resolveNextPath } from './next-path';

describe('resolveNextPath', () => {
  it.each([null, undefined, '  '])('goes to /home when no next is given (%j)', (next) => {
    expect(resolveNextPath(next)).toBe('/home');
  });

  it('accepts register-syrx-controller without its leading slash', () => {
    expect(resolveNextPath('register-syrx-controller')).toBe('/register-syrx-controller');
  });

  it('keeps a path with its query string', () => {
    expect(resolveNextPath('/admin/syrx-controllers/new?scope=all_groups')).toBe('/admin/syrx-controllers/new?scope=all_groups');
  });

  it.each(['https://evil.example/home', '//evil.example/home', '/\\evil.example', 'javascript:alert(1)'])('never leaves the site (%j)', (next) => {
    expect(resolveNextPath(next)).toBe('/home');
  });

  it.each([
    ['/controllers\t', '/controllers'],
    ['/contr\toll\ners?x=1', '/controllers?x=1'],
    ['\n//evil.com', '/home'],
    ['/\t/evil.com', '/home'],
    ['/\n/evil.com/path', '/home'],
    ['/\r\n\\evil.com', '/home'],
    ['\t/\\/evil.com', '/home'],
    ['java\tscript:alert(1)', '/home'],
    ['\u0000javascript:alert(1)', '/home'],
    ['javascript:alert(1)', '/home'],
    ['\u007f\u0085', '/home'],
    ['/login\t', '/home'],
  ])('drops control characters (which URL parsing strips too) before checking, and never fails on them: %j goes to %s', (next, path) => {
    expect(resolveNextPath(next)).toBe(path);
  });

  it.each([
    ['/login', '/home'],
    ['/login/abc?next=/projects', '/home'],
    ['/login-history', '/login-history'],
  ])('does not send the user back to the sign-in page: %j goes to %s', (next, path) => {
    expect(resolveNextPath(next)).toBe(path);
  });
});

describe('loginPathFor', () => {
  it('carries the path and query along as next', () => {
    const path = loginPathFor({ pathname: '/project/schedule/7', search: '?tab=points&x=1' });
    expect(path).toBe('/login?next=%2Fproject%2Fschedule%2F7%3Ftab%3Dpoints%26x%3D1');
    const next = new URLSearchParams(path.slice(path.indexOf('?'))).get('next');
    expect(resolveNextPath(next)).toBe('/project/schedule/7?tab=points&x=1');
  });

  it('sends the site root to the plain sign-in page', () => {
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });
});
