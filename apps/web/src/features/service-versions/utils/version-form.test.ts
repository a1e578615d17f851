import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { serviceVersionMessages as m } from '@syrx/contracts/service-versions';
import { ApiError } from '../../../lib/api-client';
import { artifactLabel, createFailedMessage, formatSize, serviceVersionPaths, versionFormRules } from './version-form';

/** What the form would say under the field: undefined when the value passes. */
async function messageOf(rules: typeof versionFormRules.version, value: unknown): Promise<string | undefined> {
  const rule = rules[0] as RuleObject;
  try {
    await rule.validator?.(rule, value, () => undefined);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('service version form', () => {
  it('says what the specification says for a missing service, version or artifact', async () => {
    expect(await messageOf(versionFormRules.service, undefined)).toBe('A value must be supplied for Service');
    expect(await messageOf(versionFormRules.version, '')).toBe('A value must be supplied for Version');
    expect(await messageOf(versionFormRules.version, '   ')).toBe('A value must be supplied for Version');
    expect(await messageOf(versionFormRules.artifact, undefined)).toBe('A value must be supplied for Artifact');
    expect(await messageOf(versionFormRules.artifact, null)).toBe('A value must be supplied for Artifact');
  });

  it('accepts semver versions only', async () => {
    for (const bad of ['1.0', 'one', '1.0.0.0', '>=1.0.0']) expect(await messageOf(versionFormRules.version, bad)).toBe('Provided Version is not a valid semver version');
    for (const good of ['1.0.0', 'v2.3.4', '1.0.0-rc.1']) expect(await messageOf(versionFormRules.version, good)).toBeUndefined();
    expect(await messageOf(versionFormRules.service, 'Syrx.ReportingService')).toBeUndefined();
    expect(await messageOf(versionFormRules.artifact, 3)).toBeUndefined();
  });

  it('toasts the 409 message for a duplicate, the save message otherwise', () => {
    expect(createFailedMessage(new ApiError(409, { code: 'conflict', message: 'x' }))).toBe(m.duplicate);
    expect(createFailedMessage(new ApiError(500, { code: 'internal', message: 'x' }))).toBe(m.saveFailed);
    expect(createFailedMessage(new Error('offline'))).toBe(m.saveFailed);
  });

  it('labels artifacts and sizes, and builds the screens\' paths', () => {
    expect(artifactLabel({ id: 4, git_revision: '', created_date: 'not a date', sha256: 'ab'.repeat(32) })).toBe('#4 · no git revision · not a date · sha256 abababababab');
    expect(formatSize(12)).toBe('12 bytes');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(3 * 1024 * 1024 + 100_000)).toBe('3.1 MB');
    expect(serviceVersionPaths.newVersion('Syrx.UpdaterService')).toBe('/admin/syrx-controller-service-versions/new?serviceId=Syrx.UpdaterService');
    expect(serviceVersionPaths.version('Syrx.UpdaterService', '1.0.0')).toBe('/admin/syrx-controller-services/Syrx.UpdaterService/versions/1.0.0');
  });
});
