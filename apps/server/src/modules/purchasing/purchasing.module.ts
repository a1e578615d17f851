import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { GroupsService } from '../groups/groups.service.ts';
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
export const purchasingModule: Routes<GuardDeps & { config: Pick<Config, 'stripe'>; db: Db; groups: GroupsService }> = (app, { config, db, groups, guards }) => {
  const provider: AnyPaymentProvider = config.stripe
    ? createStripePaymentProvider({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret })
    : createTestPaymentProvider(db);
  const orders = createOrdersService({ db, groups, provider, log: app.log });
  catalogueRoutes(createCatalogueService(db))(app, { guards });
  ordersRoutes(orders)(app, { guards });
  stripeWebhookRoutes(orders)(app, {});
};
