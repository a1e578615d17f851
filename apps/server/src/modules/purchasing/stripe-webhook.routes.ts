import { AppError } from '@syrx/contracts/errors';
import { ordersRoutes as routes } from '@syrx/contracts/routes/purchasing';
import type { Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import type { OrdersService } from './orders.service.ts';

/** Stripe sends small events; this is generous. */
const maxEventBytes = 256 * 1024;

/**
 * POST /api/v2/purchasing/stripe-webhook: Stripe's signed events. The signature covers the exact bytes sent, so this
 * route (only) takes its JSON body raw, through a content-type parser of its own encapsulated scope. No session and no
 * CSRF token (plugins/csrf.ts exempts it): the signature is the authentication.
 */
export const stripeWebhookRoutes = (svc: OrdersService): Routes => (app) => {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: maxEventBytes }, (_req, body, done) => done(null, body));
    serve(scope, routes.stripeWebhook, { config: { public: true }, bodyLimit: maxEventBytes }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 415, 'Send the event as Stripe does, with the content type application/json.');
      const signature = req.headers['stripe-signature'];
      return svc.stripeWebhook(req.body, typeof signature === 'string' ? signature : undefined);
    });
  });
};
