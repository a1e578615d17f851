import { describe, expect, it } from 'vitest';
import {
  assignedVersionError, isUpdater, normaliseOnBlur, resolvesToHint, toEnabledServicesPayload, toServiceRows,
} from './enabled-services-form';

const type = (id: string) => ({ id, description: `${id} description`, syrx_controller_service_versions: [] });
const types = [type('Syrx.UpdaterService'), type('Syrx.Services.ReportingService'), type('Syrx.Services.DiagnosticService')];
const enabled = (service_id: string, assigned_version: string) => ({
  syrx_controller_id: 'c', service_id, assigned_version, reported_version: null, last_contact: null,
});

describe('enabled services form rows', () => {
  it('has one row per service type, enabled with its range where the controller runs it', () => {
    const rows = toServiceRows(types, [enabled('Syrx.UpdaterService', '>=1.0.0 <2.0.0-0'), enabled('Syrx.ReportingService', '2.x')]);
    expect(rows.map((r) => [r.service_id, r.is_enabled, r.assigned_version])).toEqual([
      ['Syrx.UpdaterService', true, '>=1.0.0 <2.0.0-0'],
      ['Syrx.Services.ReportingService', true, '2.x'],
      ['Syrx.Services.DiagnosticService', false, '>=1.0.0 <2.0.0-0'],
    ]);
  });

  it('offers a service not enabled the current major’s range, and says what a range resolves to', () => {
    const published = [{ service_id: 'Syrx.Services.DiagnosticService', version_name: '2.1.0', is_locked: true }];
    const rows = toServiceRows([type('Syrx.UpdaterService'), { ...type('Syrx.Services.DiagnosticService'), syrx_controller_service_versions: published }], []);
    expect(rows.map((r) => r.assigned_version)).toEqual(['>=1.0.0 <2.0.0-0', '>=2.0.0 <3.0.0-0']);
    expect(resolvesToHint('>=1.0.0 <2.0.0-0', [])).toBe('Resolves to 1.0.0 (built in)');
    expect(resolvesToHint('^2', [])).toBe('Nothing is published: the built-in 1.0.0 runs, outside this range');
    expect(resolvesToHint('^2', ['2.1.0', '2.0.4'])).toBe('Resolves to 2.1.0');
    expect(resolvesToHint('^3', ['2.1.0'])).toBe('No published version satisfies this range');
    expect(resolvesToHint('banana', [])).toBeUndefined();
  });

  it('keeps the updater enabled', () => {
    expect(toServiceRows(types, [])[0]?.is_enabled).toBe(true);
    expect(isUpdater('Syrx.UpdaterService')).toBe(true);
    expect(isUpdater('Syrx.Services.ReportingService')).toBe(false);
  });
});

describe('assigned version', () => {
  it('is required and must be a semver range', () => {
    expect(assignedVersionError('')).toBe('Required');
    expect(assignedVersionError('  ')).toBe('Required');
    expect(assignedVersionError(undefined)).toBe('Required');
    expect(assignedVersionError('banana')).toBe('Not a valid semver range');
    expect(assignedVersionError('^1.2')).toBeUndefined();
  });

  it('is normalised on blur, and left as typed when it is no range', () => {
    expect(normaliseOnBlur('^1.2')).toBe('>=1.2.0 <2.0.0-0');
    expect(normaliseOnBlur(' 2.x ')).toBe('>=2.0.0 <3.0.0-0');
    expect(normaliseOnBlur('banana')).toBe('banana');
  });
});

describe('enabled services payload', () => {
  it('sends only the enabled services, with normalised ranges', () => {
    const rows = [
      { service_id: 'Syrx.UpdaterService', description: '', is_enabled: true, assigned_version: '^1.2', published: [] },
      { service_id: 'Syrx.Services.ReportingService', description: '', is_enabled: false, assigned_version: '1.0.0', published: [] },
      { service_id: 'Syrx.Services.DiagnosticService', description: '', is_enabled: true, assigned_version: '>=1.0.0 <2.0.0-0', published: [] },
    ];
    expect(toEnabledServicesPayload(rows)).toEqual([
      { service_id: 'Syrx.UpdaterService', assigned_version: '>=1.2.0 <2.0.0-0' },
      { service_id: 'Syrx.Services.DiagnosticService', assigned_version: '>=1.0.0 <2.0.0-0' },
    ]);
  });
});
