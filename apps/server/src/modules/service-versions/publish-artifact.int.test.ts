import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ServiceArtifact, ServiceVersion } from '@syrx/contracts/service-versions';
import { serviceVersionMessages as m } from '@syrx/contracts/service-versions';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { parsePublishArgs, publishArtifact } from './publish-artifact.command.ts';
import { createServiceVersionsService } from './service-versions.service.ts';

let t: TestApp;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'syrx-publish-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => t?.close());

const reporting = 'Syrx.Services.ReportingService';
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function packageFile(name: string, text: string): { file: string; content: Buffer } {
  const content = Buffer.from(text);
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return { file, content };
}

/** The CLI as a build pipeline runs it, against the test run's database. */
function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/publish-artifact.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), INIT_CWD: dir, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    }, (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }));
  });
}

describe('publish-artifact command line', () => {
  it('reads its arguments with the API\'s checks', () => {
    expect(parsePublishArgs(['--service', reporting], dir)).toEqual({ ok: false, error: expect.stringContaining('Missing --version, --file') as string });
    expect(parsePublishArgs(['--service', reporting, '--version', '1.0', '--file', 'a.pkg'], dir)).toEqual({ ok: false, error: `version_name: ${m.versionInvalid}` });
    expect(parsePublishArgs(['--nope'], dir)).toMatchObject({ ok: false });
    expect(parsePublishArgs(['--service', reporting, '--version', '1.0.0', '--file', 'out/a\nb.pkg'], dir)).toEqual({ ok: false, error: expect.stringMatching(/^file_name: /) as string });
    expect(parsePublishArgs(['--service', reporting, '--version', '1.0.0', '--file', 'Pümpe–ñ.tar.gz'], dir)).toMatchObject({ ok: true, query: { file_name: 'Pümpe–ñ.tar.gz' } });
    expect(parsePublishArgs(['--service', reporting, '--version', 'v1.2.3', '--file', 'out/a.pkg', '--git-revision', 'f00d', '--lock'], dir)).toEqual({
      ok: true, service: reporting, file: path.join(dir, 'out/a.pkg'),
      query: { version_name: '1.2.3', git_revision: 'f00d', file_name: 'a.pkg', is_locked: true },
    });
  });

  it('publishes through the service code the API uses, with its 409', async () => {
    t = await createTestApp();
    const versions = createServiceVersionsService(t.db);
    const { file, content } = packageFile('reporting.tar.gz', 'reporting 1.4.0');
    const req = parsePublishArgs(['--service', 'Syrx.ReportingService', '--version', '1.4.0', '--file', 'reporting.tar.gz'], dir);
    if (!req.ok) throw new Error(req.error);
    expect(req.file).toBe(file);
    expect(await publishArtifact(versions, req)).toMatch(new RegExp(`^Published ${reporting} 1\\.4\\.0: artifact \\d+, 15 bytes, sha256 ${sha(content)}$`));
    await expect(publishArtifact(versions, req)).rejects.toMatchObject({ status: 409, message: m.duplicate });
    await expect(publishArtifact(versions, { ...req, service: 'Syrx.NoSuchService' })).rejects.toMatchObject({ status: 404 });
    await expect(publishArtifact(versions, { ...req, file: path.join(dir, 'missing.pkg') })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('ENOENT') as string });
    expect(await versions.listArtifacts(reporting)).toHaveLength(1);
  });

  it('runs as a process: stores the package and a locked version, refuses a duplicate and bad arguments', async () => {
    t = await createTestApp();
    const { content } = packageFile('diag.pkg', 'diagnostic service 2.0.0');
    const service = 'Syrx.Services.DiagnosticService';
    const first = await runCli(['--service', service, '--version', '2.0.0', '--file', 'diag.pkg', '--git-revision', 'abc1234', '--lock']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Published ${service} 2.0.0 (locked)`);

    const admin = t.client();
    await admin.signIn();
    const types = `/api/v2/syrx-controller-service-types/${service}`;
    const version = (await admin.get(`${types}/versions/2.0.0`)).json<ServiceVersion>();
    expect(version).toMatchObject({ is_locked: true, artifact: { git_revision: 'abc1234', file_name: 'diag.pkg', sha256: sha(content), size: content.length } });
    const download = await admin.get(`${types}/artifacts/${version.syrx_controller_service_artifact_id}/package`);
    expect(download.rawPayload.equals(content)).toBe(true);

    const again = await runCli(['--service', service, '--version', '2.0.0', '--file', 'diag.pkg']);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(m.duplicate);
    const invalid = await runCli(['--service', service, '--version', 'two', '--file', 'diag.pkg']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(m.versionInvalid);
    expect((await admin.get(`${types}/artifacts`)).json<ServiceArtifact[]>()).toHaveLength(1);
  }, 90_000);
});
