import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Guards } from './session.ts';

/**
 * A module's routes (or the module itself): registered on the app with the dependencies it names, its own small object
 * (the services or narrow interfaces it uses, the guards); app.ts builds them and passes each exactly what it uses.
 */
export type Routes<Deps = object> = (app: FastifyInstance, deps: Deps) => void;
/** What routes that only check the session and permissions need. */
export interface GuardDeps { guards: Guards }
/** The fastify instance as route files see it: zod schemas type the handlers. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
