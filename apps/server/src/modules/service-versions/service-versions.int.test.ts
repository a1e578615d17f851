import { createHash, randomBytes } from 'node:crypto';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceArtifact, ServiceTypeWithVersions, ServiceVersion } from '@syrx/contracts/service-versions';
import { serviceVersionMessages as m } from '@syrx/contracts/service-versions';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

const reporting = 'Syrx.Services.ReportingService';
const diagnostic = 'Syrx.Services.DiagnosticService';
const types = '/api/v2/syrx-controller-service-types';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const publish = (c: TestClient, service: string, content: Buffer, query = 'git_revision=abc123') =>
  c.request({ method: 'POST', url: `${types}/${service}/artifacts?${query}`, payload: content, headers: { 'content-type': 'application/octet-stream' } });
const put = (c: TestClient, url: string, payload: object) => c.request({ method: 'PUT', url, payload });

async function signedInAdmin(): Promise<TestClient> {
  t = await createTestApp();
  const admin = t.client();
  await admin.signIn();
  return admin;
}

async function artifactOf(admin: TestClient, service = reporting, content = Buffer.from(`package of ${service} ${Math.random()}`)): Promise<ServiceArtifact> {
  const res = await publish(admin, service, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ServiceArtifact>();
}

async function versionOf(admin: TestClient, version: string, artifactId: number, service = reporting) {
  return admin.post(`${types}/${service}/versions`, { service_id: service, version_name: version, syrx_controller_service_artifact_id: artifactId });
}

describe('service artifacts', () => {
  it('stores a published package with the sha256 the server computes, lists it and sends the same bytes back', async () => {
    const admin = await signedInAdmin();
    const content = randomBytes(9 * 1024 * 1024 + 17); // over two read slices
    const res = await publish(admin, reporting, content, `git_revision=0a1b2c3&file_name=reporting-1.0.0.tar.gz&sha256=${sha(content).toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(201);
    const artifact = res.json<ServiceArtifact>();
    expect(artifact).toMatchObject({ service_id: reporting, git_revision: '0a1b2c3', file_name: 'reporting-1.0.0.tar.gz', sha256: sha(content), size: content.length, syrx_controller_service_versions: [] });
    expect(Date.parse(artifact.created_date)).toBeGreaterThan(Date.now() - 60_000);

    const list = (await admin.get(`${types}/${reporting}/artifacts`)).json<ServiceArtifact[]>();
    expect(list).toEqual([artifact]);
    expect((await admin.get(`${types}/${diagnostic}/artifacts`)).json()).toEqual([]);

    const download = await admin.get(`${types}/${reporting}/artifacts/${artifact.id}/package`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-artifact-sha256']).toBe(sha(content));
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe('attachment; filename=reporting-1.0.0.tar.gz');
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(sha(download.rawPayload)).toBe(sha(content));
    // Under another service the artifact does not exist.
    expect((await admin.get(`${types}/${diagnostic}/artifacts/${artifact.id}/package`)).statusCode).toBe(404);
  });

  it('downloads a package with a non-ASCII file name (ASCII fallback and RFC 5987 filename*), and refuses control characters', async () => {
    const admin = await signedInAdmin();
    const name = 'Pümpe–ñ.tar.gz';
    const content = Buffer.from('pump package');
    const res = await publish(admin, reporting, content, `file_name=${encodeURIComponent(name)}`);
    expect(res.statusCode, res.body).toBe(201);
    const artifact = res.json<ServiceArtifact>();
    expect(artifact.file_name).toBe(name);
    const download = await admin.get(`${types}/${reporting}/artifacts/${artifact.id}/package`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename=Pumpe_n.tar.gz; filename*=UTF-8''P%C3%BCmpe%E2%80%93%C3%B1.tar.gz`);
    expect(parseContentDisposition(String(download.headers['content-disposition'])).parameters.filename).toBe(name);
    expect(download.rawPayload.equals(content)).toBe(true);

    for (const bad of ['pump\n.tar.gz', 'pump\r\nX-Evil: 1.tgz', 'bell\u0007.tgz', 'del\u007f.tgz', 'c1\u0085.tgz']) {
      const refused = await publish(admin, reporting, content, `file_name=${encodeURIComponent(bad)}`);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toEqual(['file_name']);
    }
    expect((await admin.get(`${types}/${reporting}/artifacts`)).json<ServiceArtifact[]>()).toHaveLength(1);
  });

  it('refuses an empty package, a wrong sha256, a body of another type and an unknown service type', async () => {
    const admin = await signedInAdmin();
    const empty = await publish(admin, reporting, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: m.emptyPackage });
    const wrongSha = await publish(admin, reporting, Buffer.from('x'), `sha256=${'0'.repeat(64)}`);
    expect(wrongSha.statusCode).toBe(400);
    expect(wrongSha.json()).toMatchObject({ fields: [{ field: 'sha256', message: m.checksumMismatch }] });
    const badSha = await publish(admin, reporting, Buffer.from('x'), 'sha256=xyz');
    expect(badSha.statusCode).toBe(400);
    expect(badSha.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('sha256');
    const json = await admin.post(`${types}/${reporting}/artifacts`, { a: 1 });
    expect(json.statusCode).toBe(415);
    expect((await publish(admin, 'Syrx.NoSuchService', Buffer.from('x'))).statusCode).toBe(404);
    expect((await admin.get(`${types}/Syrx.NoSuchService/artifacts`)).statusCode).toBe(404);
    expect((await admin.get(`${types}/Syrx.NoSuchService/versions`)).statusCode).toBe(404);
    expect((await admin.get(`${types}/${reporting}/artifacts`)).json()).toEqual([]);
  });

  it('publishes a package and its version together, and stores nothing when the version exists', async () => {
    const admin = await signedInAdmin();
    const first = await publish(admin, reporting, Buffer.from('one'), 'git_revision=r1&version_name=v2.0.0&is_locked=true');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<ServiceArtifact>().syrx_controller_service_versions).toEqual([{ version_name: '2.0.0', is_locked: true }]);
    const again = await publish(admin, reporting, Buffer.from('two'), 'git_revision=r2&version_name=2.0.0');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: m.duplicate });
    expect((await admin.get(`${types}/${reporting}/artifacts`)).json<ServiceArtifact[]>()).toHaveLength(1);
    const invalid = await publish(admin, reporting, Buffer.from('three'), 'version_name=2.0');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ fields: [{ field: 'version_name', message: m.versionInvalid }] });
  });

  it('deletes an artifact no version uses, and refuses one a version uses', async () => {
    const admin = await signedInAdmin();
    const unused = await artifactOf(admin);
    const used = await artifactOf(admin);
    expect((await versionOf(admin, '1.0.0', used.id)).statusCode).toBe(201);
    const refused = await admin.delete(`${types}/${reporting}/artifacts/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(`${m.artifactInUse} Used by: 1.0.0.`);
    expect((await admin.delete(`${types}/${diagnostic}/artifacts/${unused.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${types}/${reporting}/artifacts/${unused.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${types}/${reporting}/artifacts`)).json<ServiceArtifact[]>().map((a) => a.id)).toEqual([used.id]);
  });
});

describe('service versions', () => {
  it('creates versions, lists them highest first, in the service types too, and reads one', async () => {
    const admin = await signedInAdmin();
    const a = await artifactOf(admin);
    for (const v of ['1.2.0', '1.10.0', 'v1.9.0-rc.1']) expect((await versionOf(admin, v, a.id)).statusCode).toBe(201);
    const created = await admin.post(`${types}/Syrx.ReportingService/versions`, { service_id: 'Syrx.ReportingService', version_name: ' 2.0.0 ', syrx_controller_service_artifact_id: a.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      service_id: reporting, version_name: '2.0.0', syrx_controller_service_artifact_id: a.id, is_locked: false,
      artifact: { id: a.id, git_revision: 'abc123', created_date: a.created_date, sha256: a.sha256, size: a.size },
    });
    const list = (await admin.get(`${types}/${reporting}/versions`)).json<ServiceVersion[]>();
    expect(list.map((v) => v.version_name)).toEqual(['2.0.0', '1.10.0', '1.9.0-rc.1', '1.2.0']);
    const all = (await admin.get(types)).json<ServiceTypeWithVersions[]>();
    expect(all.map((s) => s.id)).toContain('Syrx.Services.BuildingPressureControlService');
    expect(all.find((s) => s.id === reporting)?.syrx_controller_service_versions).toEqual(list);
    expect(all.find((s) => s.id === diagnostic)?.syrx_controller_service_versions).toEqual([]);
    expect((await admin.get(`${types}/${reporting}/versions/1.10.0`)).json()).toEqual(list[1]);
    expect((await admin.get(`${types}/${reporting}/versions/1.3.0`)).statusCode).toBe(404);
    expect((await admin.get(`${types}/${reporting}/artifacts`)).json<ServiceArtifact[]>()[0]?.syrx_controller_service_versions.map((v) => v.version_name))
      .toEqual(['1.2.0', '1.10.0', '1.9.0-rc.1', '2.0.0']);
  });

  it('answers 409 with the specification\'s message for a version that exists', async () => {
    const admin = await signedInAdmin();
    const a = await artifactOf(admin);
    expect((await versionOf(admin, '1.0.0', a.id)).statusCode).toBe(201);
    const dup = await versionOf(admin, 'v1.0.0', a.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'conflict', message: 'The specified version already exists for this service' });
    // The same version of another service is another version.
    const other = await artifactOf(admin, diagnostic);
    expect((await versionOf(admin, '1.0.0', other.id, diagnostic)).statusCode).toBe(201);
  });

  it('checks the form\'s fields with the specification\'s messages', async () => {
    const admin = await signedInAdmin();
    const a = await artifactOf(admin);
    const fieldsOf = async (body: object) => {
      const res = await admin.post(`${types}/${reporting}/versions`, body);
      expect(res.statusCode).toBe(400);
      return res.json<{ fields: { field: string; message: string }[] }>().fields;
    };
    expect(await fieldsOf({})).toEqual(expect.arrayContaining([
      { field: 'service_id', message: m.serviceRequired },
      { field: 'version_name', message: m.versionRequired },
      { field: 'syrx_controller_service_artifact_id', message: m.artifactRequired },
    ]));
    expect(await fieldsOf({ service_id: '', version_name: '  ', syrx_controller_service_artifact_id: null })).toEqual(expect.arrayContaining([
      { field: 'service_id', message: m.serviceRequired },
      { field: 'version_name', message: m.versionRequired },
      { field: 'syrx_controller_service_artifact_id', message: m.artifactRequired },
    ]));
    for (const bad of ['1.0', 'latest', '1.0.0.0', '^1.0.0']) {
      expect(await fieldsOf({ service_id: reporting, version_name: bad, syrx_controller_service_artifact_id: a.id })).toEqual([{ field: 'version_name', message: m.versionInvalid }]);
    }
    expect(await fieldsOf({ service_id: diagnostic, version_name: '1.0.0', syrx_controller_service_artifact_id: a.id })).toEqual([{ field: 'service_id', message: m.serviceMismatch }]);
    const other = await artifactOf(admin, diagnostic);
    expect(await fieldsOf({ service_id: reporting, version_name: '1.0.0', syrx_controller_service_artifact_id: other.id }))
      .toEqual([{ field: 'syrx_controller_service_artifact_id', message: m.artifactOfAnotherService }]);
    expect(await fieldsOf({ service_id: reporting, version_name: '1.0.0', syrx_controller_service_artifact_id: 999_999 }))
      .toEqual([{ field: 'syrx_controller_service_artifact_id', message: m.artifactOfAnotherService }]);
    const unknown = await admin.post(`${types}/Syrx.NoSuchService/versions`, { service_id: reporting, version_name: '1.0.0', syrx_controller_service_artifact_id: a.id });
    expect(unknown.statusCode).toBe(404);
    expect((await admin.get(`${types}/${reporting}/versions`)).json()).toEqual([]);
  });

  it('edits the artifact of an unlocked version and locks it, after which it can be neither edited nor deleted', async () => {
    const admin = await signedInAdmin();
    const a = await artifactOf(admin);
    const b = await artifactOf(admin);
    await versionOf(admin, '1.0.0', a.id);
    const url = `${types}/${reporting}/versions/1.0.0`;
    const edited = await put(admin, url, { service_id: reporting, version_name: '1.0.0', syrx_controller_service_artifact_id: b.id, is_locked: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ syrx_controller_service_artifact_id: b.id, is_locked: false, artifact: { id: b.id } });
    expect((await put(admin, url, { version_name: '1.0.1' })).json()).toMatchObject({ fields: [{ field: 'version_name', message: m.versionMismatch }] });
    expect((await put(admin, url, { service_id: diagnostic })).json()).toMatchObject({ fields: [{ field: 'service_id', message: m.serviceMismatch }] });
    const foreign = await artifactOf(admin, diagnostic);
    expect((await put(admin, url, { syrx_controller_service_artifact_id: foreign.id })).statusCode).toBe(400);

    const locked = await put(admin, url, { is_locked: true });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ is_locked: true, syrx_controller_service_artifact_id: b.id });
    for (const change of [{ syrx_controller_service_artifact_id: a.id }, { is_locked: false }, { is_locked: true }]) {
      const refused = await put(admin, url, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'conflict', message: m.locked });
    }
    const notDeleted = await admin.delete(url);
    expect(notDeleted.statusCode).toBe(409);
    expect(notDeleted.json()).toMatchObject({ message: m.locked });
    expect((await admin.get(url)).json()).toMatchObject({ is_locked: true, syrx_controller_service_artifact_id: b.id });
    expect((await put(admin, `${types}/${reporting}/versions/9.9.9`, { is_locked: true })).statusCode).toBe(404);
  });

  it('deletes an unlocked version', async () => {
    const admin = await signedInAdmin();
    const a = await artifactOf(admin);
    await versionOf(admin, '1.0.0', a.id);
    await versionOf(admin, '1.1.0', a.id);
    expect((await admin.delete(`${types}/${reporting}/versions/1.0.0`)).statusCode).toBe(204);
    expect((await admin.delete(`${types}/${reporting}/versions/1.0.0`)).statusCode).toBe(404);
    expect((await admin.get(`${types}/${reporting}/versions`)).json<ServiceVersion[]>().map((v) => v.version_name)).toEqual(['1.1.0']);
  });
});

describe('service version permissions', () => {
  it('lets a signed-in user read, only pcs_admin change or download, and nobody signed out', async () => {
    const admin = await signedInAdmin();
    const a = await artifactOf(admin);
    await versionOf(admin, '1.0.0', a.id);
    const user = t.client();
    await registerAndSignIn(user, t.db);
    expect((await user.get(types)).statusCode).toBe(200);
    expect((await user.get(`${types}/${reporting}/versions`)).json<ServiceVersion[]>()).toHaveLength(1);
    expect((await user.get(`${types}/${reporting}/versions/1.0.0`)).statusCode).toBe(200);
    expect((await user.get(`${types}/${reporting}/artifacts`)).statusCode).toBe(200);
    expect((await user.get(`${types}/${reporting}/artifacts/${a.id}/package`)).statusCode).toBe(403);
    expect((await versionOf(user, '2.0.0', a.id)).statusCode).toBe(403);
    expect((await put(user, `${types}/${reporting}/versions/1.0.0`, { is_locked: true })).statusCode).toBe(403);
    expect((await user.delete(`${types}/${reporting}/versions/1.0.0`)).statusCode).toBe(403);
    expect((await user.delete(`${types}/${reporting}/artifacts/${a.id}`)).statusCode).toBe(403);
    expect((await publish(user, reporting, Buffer.from('x'))).statusCode).toBe(403);

    const anonymous = t.client();
    await anonymous.get('/api/Login');
    expect((await anonymous.get(types)).statusCode).toBe(401);
    expect((await anonymous.get(`${types}/${reporting}/artifacts/${a.id}/package`)).statusCode).toBe(401);
    expect((await publish(anonymous, reporting, Buffer.from('x'))).statusCode).toBe(401);
    expect((await admin.get(`${types}/${reporting}/versions/1.0.0`)).json()).toMatchObject({ is_locked: false });
  });
});

describe('API description', () => {
  it('documents the service type, version and artifact routes', async () => {
    const admin = await signedInAdmin();
    const res = await admin.get('/api/docs');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of ['', '/{id}/versions', '/{id}/versions/{version}', '/{id}/artifacts', '/{id}/artifacts/{artifactId}', '/{id}/artifacts/{artifactId}/package']) {
      expect(paths).toContain(`${types}${p}`);
    }
  });
});
