import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Web features call the API through the route contract only (`callRoute`, docs/decisions.md "One route contract"): no
 * API path written by hand, no call of the untyped `legacyApi`/`v2Api`/`apiRequest`. Features still to be converted
 * are listed here; converting one removes it from the list (the test says when a listed feature is already clean).
 */
const notYetConverted: string[] = [];

const featuresDir = join(import.meta.dirname, '..', 'features');

/** A quoted or template text starting with an API path (`/api…`) or a legacy resource (`/SyrxControllers`, `/Login`). */
const apiPath = /(['"`])\/(?:api(?:[/?'"`$]|$)|[A-Z][A-Za-z]*(?:[/?'"`$]))/;
const untypedCall = /\b(?:legacyApi|v2Api|apiRequest)\s*[(<]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** `file:line: text` of every line of a feature that writes an API path or calls the untyped client. */
function apiUrlsIn(feature: string): string[] {
  return sourceFiles(join(featuresDir, feature)).flatMap((file) =>
    readFileSync(file, 'utf8').split('\n').flatMap((line, i) => {
      const code = line.replace(/^\s*(\/\/|\*|\/\*\*?).*$/, '');
      return apiPath.test(code) || untypedCall.test(code) ? [`${relative(featuresDir, file)}:${i + 1}: ${line.trim()}`] : [];
    }),
  );
}

const features = readdirSync(featuresDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe('API calls in web features go through the route contract', () => {
  it.each(features.filter((f) => !notYetConverted.includes(f)))('%s writes no API URL and calls callRoute only', (feature) => {
    expect(apiUrlsIn(feature)).toEqual([]);
  });

  it.each(notYetConverted)('%s is still to be converted (remove it from the list once it is clean)', (feature) => {
    expect(features).toContain(feature);
    expect(apiUrlsIn(feature)).not.toEqual([]);
  });

  it('catches a hand-written path and an untyped call', () => {
    expect(apiPath.test("legacyApi(`/SyrxControllers/${id}`")).toBe(true);
    expect(apiPath.test("fetch('/api/v2/jobs')")).toBe(true);
    expect(apiPath.test("navigate('/admin/syrx-controllers')")).toBe(false);
    expect(untypedCall.test("v2Api('/jobs', { schema })")).toBe(true);
    expect(untypedCall.test('callRoute(jobsRoutes.list)')).toBe(false);
  });
});
