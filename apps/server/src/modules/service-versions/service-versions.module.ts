import type { Routes } from '../../app-context.ts';
import { serviceArtifactsRoutes } from './service-artifacts.routes.ts';
import { serviceVersionsRoutes } from './service-versions.routes.ts';

/** Service types, their artifacts and versions (docs/service-versions.md); app.ts builds the service. */
export const serviceVersionsModule: Routes = (app, ctx) => {
  const { serviceVersions: versions, agents } = ctx.services;
  for (const routes of [serviceVersionsRoutes(versions), serviceArtifactsRoutes(versions, agents)]) routes(app, ctx);
};
