import { z } from 'zod';
import {
  initiatePurchaseSchema, purchaseOrderSchema, purchasingIdSchema, testPaymentConfirmResultSchema, testPaymentConfirmSchema, updateStatusSchema,
} from '@syrx/contracts/purchasing';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { OrdersService } from './orders.service.ts';

const base = '/api/v2/purchasing';
const tags = ['purchasing'];
const params = z.object({ id: purchasingIdSchema });

/** Orders and their payment (spec 02 section 7, newer base); the Stripe webhook is in stripe-webhook.routes.ts. */
export const ordersRoutes = (svc: OrdersService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };

  r.post(`${base}/initiate`, { ...pre, schema: { tags, body: initiatePurchaseSchema, response: { 201: purchaseOrderSchema } } },
    async (req, reply) => reply.status(201).send(await svc.initiate(actorOf(req), req.body)));
  r.get(`${base}/:id`, { ...pre, schema: { tags, params, response: { 200: purchaseOrderSchema } } },
    async (req) => svc.get(actorOf(req), req.params.id));
  r.post(`${base}/:id/update-status`, { ...pre, schema: { tags, params, body: updateStatusSchema, response: { 200: purchaseOrderSchema } } },
    async (req) => svc.updateStatus(actorOf(req), req.params.id));

  // The test mode's stand-in for Stripe.js's confirmCardPayment (only in test mode; 404 with Stripe).
  r.post(`${base}/test-payment-intents/:id/confirm`, {
    ...pre,
    schema: { tags, params: z.object({ id: z.string().regex(/^pi_test_\w{1,80}$/) }), body: testPaymentConfirmSchema, response: { 200: testPaymentConfirmResultSchema } },
  }, async (req) => svc.confirmTestPayment(req.params.id, req.body));
};
