import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { AgentsService } from '../controllers/agents.service.ts';
import type { ServiceVersionsService } from './service-versions.service.ts';
import { serviceArtifactsRoutes } from './service-artifacts.routes.ts';
import { serviceVersionsRoutes } from './service-versions.routes.ts';

export interface ServiceVersionsDeps extends GuardDeps {
  serviceVersions: ServiceVersionsService;
  agents: Pick<AgentsService, 'requireServiceAccess'>;
}

/** Service types, their artifacts and versions (docs/service-versions.md); app.ts builds the service. */
export const serviceVersionsModule: Routes<ServiceVersionsDeps> = (app, { serviceVersions: versions, agents, guards }) => {
  for (const routes of [serviceVersionsRoutes(versions), serviceArtifactsRoutes(versions, agents)]) routes(app, { guards });
};
