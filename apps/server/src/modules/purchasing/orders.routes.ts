import { ordersRoutes as routes } from '@syrx/contracts/routes/purchasing';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { OrdersService } from './orders.service.ts';

/** Orders and their payment (spec 02 section 7, newer base); the Stripe webhook is in stripe-webhook.routes.ts. */
export const ordersRoutes = (svc: OrdersService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.initiate, pre, async (req) => svc.initiate(actorOf(req), req.body));
  serve(app, routes.get, pre, async (req) => svc.get(actorOf(req), req.params.id));
  serve(app, routes.updateStatus, pre, async (req) => svc.updateStatus(actorOf(req), req.params.id));
  // The test mode's stand-in for Stripe.js's confirmCardPayment (only in test mode; 404 with Stripe).
  serve(app, routes.confirmTestPayment, pre, async (req) => svc.confirmTestPayment(req.params.id, req.body));
};
