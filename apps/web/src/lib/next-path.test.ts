import { describe, expect, it } from 'vitest';
import { loginPathFor, resolveNextPath } from './next-path';

describe('resolveNextPath', () => {
  it('goes to /home when no next is given', () => {
    expect(resolveNextPath(null)).toBe('/home');
    expect(resolveNextPath(undefined)).toBe('/home');
    expect(resolveNextPath('  ')).toBe('/home');
  });

  it('accepts register-syrx-controller without its leading slash', () => {
    expect(resolveNextPath('register-syrx-controller')).toBe('/register-syrx-controller');
  });

  it('keeps a path with its query string', () => {
    expect(resolveNextPath('/admin/syrx-controllers/new?scope=all_groups')).toBe('/admin/syrx-controllers/new?scope=all_groups');
  });

  it('never leaves the site', () => {
    expect(resolveNextPath('https://evil.example/home')).toBe('/home');
    expect(resolveNextPath('//evil.example/home')).toBe('/home');
    expect(resolveNextPath('/\\evil.example')).toBe('/home');
    expect(resolveNextPath('javascript:alert(1)')).toBe('/home');
  });

  it('drops control characters (which URL parsing strips too) before checking, and never fails on them', () => {
    expect(resolveNextPath('/controllers\t')).toBe('/controllers');
    expect(resolveNextPath('/contr\toll\ners?x=1')).toBe('/controllers?x=1');
    expect(resolveNextPath('\n//evil.com')).toBe('/home');
    expect(resolveNextPath('/\t/evil.com')).toBe('/home');
    expect(resolveNextPath('/\n/evil.com/path')).toBe('/home');
    expect(resolveNextPath('/\r\n\\evil.com')).toBe('/home');
    expect(resolveNextPath('\t/\\/evil.com')).toBe('/home');
    expect(resolveNextPath('java\tscript:alert(1)')).toBe('/home');
    expect(resolveNextPath('\u0000javascript:alert(1)')).toBe('/home');
    expect(resolveNextPath('javascript:alert(1)')).toBe('/home');
    expect(resolveNextPath('\u007f\u0085')).toBe('/home');
    expect(resolveNextPath('/login\t')).toBe('/home');
  });

  it('does not send the user back to the sign-in page', () => {
    expect(resolveNextPath('/login')).toBe('/home');
    expect(resolveNextPath('/login/abc?next=/projects')).toBe('/home');
    expect(resolveNextPath('/login-history')).toBe('/login-history');
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
