import type { Routes } from '../../app-context.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { ordersRoutes } from './orders.routes.ts';
import { type AnyPaymentProvider, createOrdersService } from './orders.service.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';
import { createTestPaymentProvider } from './test-payment-provider.ts';

/**
 * Purchasing (docs/purchasing.md): the catalogue, orders and their card payment, through Stripe when its keys are
 * configured, else through the offline test mode.
 */
export const purchasingModule: Routes = (app, ctx) => {
  const { config, db } = ctx;
  const provider: AnyPaymentProvider = config.stripe
    ? createStripePaymentProvider({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret })
    : createTestPaymentProvider(db);
  const orders = createOrdersService({ db, groups: ctx.services.groups, provider, log: app.log });
  catalogueRoutes(createCatalogueService(db))(app, ctx);
  ordersRoutes(orders)(app, ctx);
  stripeWebhookRoutes(orders)(app, ctx);
};
