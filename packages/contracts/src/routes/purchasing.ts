import { z } from 'zod';
import {
  controllerSizeInputSchema, controllerSizeListSchema, controllerSizeSchema, initiatePurchaseSchema, nodeCategoryInputSchema,
  nodeCategoryListSchema, nodeCategorySchema, nodeTypeInputSchema, nodeTypeListSchema, nodeTypeSchema, purchaseOrderSchema,
  purchasingIdSchema, testPaymentConfirmResultSchema, testPaymentConfirmSchema, updateStatusSchema, webhookReceiptSchema,
} from '../purchasing.ts';
import { route } from '../route.ts';

const tags = ['purchasing'];
const params = z.object({ id: purchasingIdSchema });
const sizes = '/api/v2/syrx-controller-sizes';
const categories = '/api/v2/syrx-controller-node-categories';
const nodeTypes = '/api/v2/syrx-controller-node-types';

/**
 * The purchasing catalogue (spec 02 section 7, newer base): GET for any signed-in user; POST, PUT and DELETE need
 * syrx_categories_manage (checked in the service).
 */
export const catalogueRoutes = {
  sizes: route({ method: 'GET', path: sizes, tags, response: controllerSizeListSchema }),
  createSize: route({ method: 'POST', path: sizes, tags, body: controllerSizeInputSchema, response: controllerSizeSchema, status: 201 }),
  updateSize: route({ method: 'PUT', path: `${sizes}/:id`, tags, params, body: controllerSizeInputSchema, response: controllerSizeSchema }),
  removeSize: route({ method: 'DELETE', path: `${sizes}/:id`, tags, params, status: 204 }),

  categories: route({ method: 'GET', path: categories, tags, response: nodeCategoryListSchema }),
  createCategory: route({ method: 'POST', path: categories, tags, body: nodeCategoryInputSchema, response: nodeCategorySchema, status: 201 }),
  updateCategory: route({ method: 'PUT', path: `${categories}/:id`, tags, params, body: nodeCategoryInputSchema, response: nodeCategorySchema }),
  removeCategory: route({ method: 'DELETE', path: `${categories}/:id`, tags, params, status: 204 }),

  nodeTypes: route({ method: 'GET', path: nodeTypes, tags, response: nodeTypeListSchema }),
  createNodeType: route({ method: 'POST', path: nodeTypes, tags, body: nodeTypeInputSchema, response: nodeTypeSchema, status: 201 }),
  updateNodeType: route({ method: 'PUT', path: `${nodeTypes}/:id`, tags, params, body: nodeTypeInputSchema, response: nodeTypeSchema }),
  removeNodeType: route({ method: 'DELETE', path: `${nodeTypes}/:id`, tags, params, status: 204 }),
};

/** Orders and their payment (spec 02 section 7, newer base). */
export const ordersRoutes = {
  /** The server prices the order and creates its payment intent. */
  initiate: route({ method: 'POST', path: '/api/v2/purchasing/initiate', tags, body: initiatePurchaseSchema, response: purchaseOrderSchema, status: 201 }),
  get: route({ method: 'GET', path: '/api/v2/purchasing/:id', tags, params, response: purchaseOrderSchema }),
  /** The server asks the payment provider how the payment stands (the body is ignored, and may be left out). */
  updateStatus: route({ method: 'POST', path: '/api/v2/purchasing/:id/update-status', tags, params, body: updateStatusSchema, response: purchaseOrderSchema }),
  /** The test mode's stand-in for Stripe.js's confirmCardPayment (only in test mode; 404 with Stripe). */
  confirmTestPayment: route({
    method: 'POST', path: '/api/v2/purchasing/test-payment-intents/:id/confirm', tags,
    params: z.object({ id: z.string().regex(/^pi_test_\w{1,80}$/) }), body: testPaymentConfirmSchema, response: testPaymentConfirmResultSchema,
  }),
  /**
   * Stripe's signed events (no session, no CSRF token: the signature is the authentication). The signature covers the
   * exact bytes sent, so the server reads this JSON body raw through a content-type parser of its own; it declares no
   * body schema (the raw content types of `route` are not JSON), and the web never calls it.
   */
  stripeWebhook: route({ method: 'POST', path: '/api/v2/purchasing/stripe-webhook', tags, response: webhookReceiptSchema }),
};
