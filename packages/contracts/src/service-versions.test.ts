import { describe, expect, it } from 'vitest';
import {
  compareVersionNamesDesc, normaliseVersionName, publishArtifactQuerySchema, serviceVersionInputSchema, serviceVersionMessages as m,
} from './service-versions.ts';

describe('service version names', () => {
  it('are canonical semver versions', () => {
    expect(normaliseVersionName(' v1.2.3 ')).toBe('1.2.3');
    expect(normaliseVersionName('1.2.3-rc.1')).toBe('1.2.3-rc.1');
    expect(normaliseVersionName('1.2.3+build.7')).toBe('1.2.3');
    for (const bad of ['1.2', '^1.2.3', 'latest', '']) expect(normaliseVersionName(bad)).toBeNull();
    expect(['1.2.0', '1.10.0', '1.10.0-rc.1', '0.9.9'].sort(compareVersionNamesDesc)).toEqual(['1.10.0', '1.10.0-rc.1', '1.2.0', '0.9.9']);
  });

  it('are checked with the specification\'s messages, and older service ids are accepted', () => {
    const parsed = serviceVersionInputSchema.parse({ service_id: 'Syrx.ReportingService', version_name: 'v2.0.0', syrx_controller_service_artifact_id: 4 });
    expect(parsed).toEqual({ service_id: 'Syrx.Services.ReportingService', version_name: '2.0.0', syrx_controller_service_artifact_id: 4, is_locked: false });
    const messages = (value: object) => serviceVersionInputSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({})).toEqual([m.serviceRequired, m.versionRequired, m.artifactRequired]);
    expect(messages({ service_id: 'Syrx.UpdaterService', version_name: '2', syrx_controller_service_artifact_id: 1 })).toEqual([m.versionInvalid]);
  });

  it('read the publish query as a pipeline sends it', () => {
    expect(publishArtifactQuerySchema.parse({ version_name: '1.0.0', is_locked: 'true', sha256: 'AB'.repeat(32) }))
      .toEqual({ version_name: '1.0.0', is_locked: true, git_revision: '', sha256: 'ab'.repeat(32) });
    expect(publishArtifactQuerySchema.safeParse({ file_name: '../etc/passwd' }).success).toBe(false);
  });
});
