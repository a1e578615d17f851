import { serviceVersionsRoutes as routes } from '@syrx/contracts/routes/service-versions';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import type { ServiceVersionsService } from './service-versions.service.ts';

/** Service types and their versions (newer base): signed in to read, pcs_admin to change. */
export const serviceVersionsRoutes = (versions: ServiceVersionsService): Routes<GuardDeps> => (app, { guards }) => {
  const read = { preHandler: guards.requireActor };
  const change = { preHandler: guards.requirePermission('pcs_admin') };

  serve(app, routes.serviceTypes, read, async () => versions.serviceTypes());
  serve(app, routes.versions, read, async (req) => versions.listVersions(req.params.id));
  serve(app, routes.createVersion, change, async (req) => versions.createVersion(req.params.id, req.body));
  serve(app, routes.version, read, async (req) => versions.getVersion(req.params.id, req.params.version));
  serve(app, routes.updateVersion, change, async (req) => versions.updateVersion(req.params.id, req.params.version, req.body));
  serve(app, routes.removeVersion, change, async (req) => versions.deleteVersion(req.params.id, req.params.version));
};
