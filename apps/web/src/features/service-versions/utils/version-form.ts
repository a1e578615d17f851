import type { FormRule } from 'antd';
import type { z } from 'zod';
import {
  type ArtifactSummary, serviceVersionMessages, versionArtifactIdSchema, versionNameSchema, versionServiceIdSchema,
} from '@syrx/contracts/service-versions';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';

/** An antd rule that checks a value with a contracts schema and shows the schema's first message. */
function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

/** The form's rules: the server's own schemas, so both give the specification's messages. */
export const versionFormRules = {
  service: [zodRule(versionServiceIdSchema)],
  version: [zodRule(versionNameSchema)],
  artifact: [zodRule(versionArtifactIdSchema)],
};

export interface NewVersionValues {
  service_id?: string;
  version_name?: string;
  syrx_controller_service_artifact_id?: number;
}

/** The toast of a failed create: the specification's 409 message, else its save message. */
export const createFailedMessage = (error: Error): string =>
  error instanceof ApiError && error.status === 409 ? serviceVersionMessages.duplicate : serviceVersionMessages.saveFailed;

/** How an artifact reads in a select and a table: id, git revision, when it was published and the start of its sha256. */
export function artifactLabel(a: Pick<ArtifactSummary, 'id' | 'git_revision' | 'created_date' | 'sha256'>): string {
  return `#${a.id} · ${a.git_revision || 'no git revision'} · ${formatDateTime(a.created_date)} · sha256 ${a.sha256.slice(0, 12)}`;
}

/** A package size for people: 1.5 MB, 320 KB, 12 bytes. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The paths of this area's screens. */
export const serviceVersionPaths = {
  list: '/admin/syrx-controller-services',
  newVersion: (serviceId?: string) => `/admin/syrx-controller-service-versions/new${serviceId ? `?serviceId=${encodeURIComponent(serviceId)}` : ''}`,
  version: (serviceId: string, versionName: string) => `/admin/syrx-controller-services/${encodeURIComponent(serviceId)}/versions/${encodeURIComponent(versionName)}`,
};
