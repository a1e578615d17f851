import type { ServiceArtifact, ServiceVersion } from '@syrx/contracts/service-versions';
import { serviceVersionMessages } from '@syrx/contracts/service-versions';
import { allServiceIds, serviceTypeDescriptions } from '@syrx/contracts/services';
import { type Handler, ok, type Reply, withOverrides } from './fake-api';

const error = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } });

export const artifact = (id: number, serviceId: string, over: Partial<ServiceArtifact> = {}): ServiceArtifact => ({
  id, service_id: serviceId, created_date: new Date(Date.UTC(2025, 2, 7, 14, 0, id)).toISOString(), git_revision: `rev${id}`,
  file_name: `package-${id}.tar.gz`, sha256: String(id).padStart(2, '0').repeat(32), size: 1024 * id, syrx_controller_service_versions: [], ...over,
});

export interface FakeVersion {
  service_id: string;
  version_name: string;
  syrx_controller_service_artifact_id: number;
  is_locked: boolean;
}

/**
 * Service types, artifacts and versions as apps/server answers them (docs/service-versions.md): 409 on a duplicate
 * version and on changing a locked one. `overrides` answer first, e.g. to make a call fail.
 */
export function fakeServiceVersionsServer(overrides: Handler[] = []) {
  const state = { artifacts: [] as ServiceArtifact[], versions: [] as FakeVersion[], nextArtifactId: 50 };
  const full = (v: FakeVersion): ServiceVersion => {
    const a = state.artifacts.find((x) => x.id === v.syrx_controller_service_artifact_id);
    if (!a) throw new Error(`fake: no artifact ${v.syrx_controller_service_artifact_id}`);
    const { service_id: _s, syrx_controller_service_versions: _v, ...summary } = a;
    return { ...v, created_date: a.created_date, artifact: summary };
  };
  const withVersions = (a: ServiceArtifact): ServiceArtifact => ({
    ...a,
    syrx_controller_service_versions: state.versions.filter((v) => v.syrx_controller_service_artifact_id === a.id).map((v) => ({ version_name: v.version_name, is_locked: v.is_locked })),
  });
  const base = '/api/v2/syrx-controller-service-types';

  const handler = withOverrides(overrides, (call) => {
    const url = new URL(call.path, 'http://console.test');
    if (!url.pathname.startsWith(base)) return undefined;
    if (call.method === 'GET' && url.pathname === base) {
      return ok(allServiceIds.map((id) => ({ id, description: serviceTypeDescriptions[id], syrx_controller_service_versions: state.versions.filter((v) => v.service_id === id).map(full) })));
    }
    const [serviceId = '', kind, name] = url.pathname.slice(base.length + 1).split('/').map(decodeURIComponent);
    if (kind === 'artifacts' && call.method === 'GET') return ok(state.artifacts.filter((a) => a.service_id === serviceId).map(withVersions).reverse());
    if (kind === 'artifacts' && call.method === 'POST') {
      const a = artifact(state.nextArtifactId++, serviceId, { git_revision: url.searchParams.get('git_revision') ?? '', file_name: url.searchParams.get('file_name') ?? 'package' });
      state.artifacts.push(a);
      return ok(a, 201);
    }
    if (kind !== 'versions') return undefined;
    if (name === undefined && call.method === 'POST') {
      const body = call.body as FakeVersion;
      if (state.versions.some((v) => v.service_id === serviceId && v.version_name === body.version_name)) return error(409, 'conflict', serviceVersionMessages.duplicate);
      const v = { ...body, is_locked: false };
      state.versions.push(v);
      return ok(full(v), 201);
    }
    const v = state.versions.find((x) => x.service_id === serviceId && x.version_name === name);
    if (!v) return error(404, 'not_found', `Version ${name} of ${serviceId} was not found.`);
    if (call.method === 'GET') return ok(full(v));
    if (v.is_locked) return error(409, 'conflict', serviceVersionMessages.locked);
    if (call.method === 'PUT') {
      const change = call.body as Partial<FakeVersion>;
      Object.assign(v, { syrx_controller_service_artifact_id: change.syrx_controller_service_artifact_id ?? v.syrx_controller_service_artifact_id, is_locked: change.is_locked ?? v.is_locked });
      return ok(full(v));
    }
    if (call.method === 'DELETE') {
      state.versions = state.versions.filter((x) => x !== v);
      return ok();
    }
    return undefined;
  });
  return { state, handler };
}
