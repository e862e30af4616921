import type { FastifyPluginAsync } from 'fastify';
import accessRoutes from './access/access.routes';
import siteRoutes from './site/site.routes';
import fileRoutes from './files/files.routes';
import accountRoutes from './accounts/accounts.routes';
import knowledgeRoutes from './knowledge/knowledge.routes';
import platformAuthRoutes from '../platform/platform-auth.routes';
import walletRoutes from './wallet/wallet.routes';
import platformWalletRoutes from '../platform/wallet.routes';
import productsRoutes from './products/products.routes';
import productsReviewRoutes from '../platform/products-review.routes';
import afterSalesRoutes from './after-sales/after-sales.routes';
import platformAfterSalesRoutes from '../platform/after-sales.routes';
import galleryRoutes from './gallery/gallery.routes';
import ordersRoutes from './orders/orders.routes';
import areaRoutes from './orders/area.routes';
import platformOrdersRoutes from '../platform/orders.routes';
import healthRoutes from './health/health.routes';
import notificationsRoutes from './notifications/notifications.routes';
import slaRoutes from './sla/sla.routes';
import integrationsRoutes from './integrations/integrations.routes';
import { orderImportRoutes } from './order-import/order-import.routes';
import { createOrder } from './orders/order-create.service';
import { quoteOrderFen } from './orders/order-pricing';
import { resolveAddressText } from './orders/address-resolution';
import statementRoutes from './statements/statements.routes';
import invoiceRoutes from './invoices/invoices.routes';
import platformInvoiceRoutes from '../platform/invoices.routes';
import trendRoutes from './order-trend/trend.routes';
import { customerPageRoutes } from './customer-page/customer-page.routes';
import appointmentsRoutes from './appointments/appointments.routes';
import platformTimelinessRoutes from '../platform/timeliness-credit.routes';
import { assertKnownReasons, openCase } from './after-sales/after-sales.service';
import { discardUpload, storeUpload } from './files/upload.service';
import extraFeesRoutes from './extra-fees/extra-fees.routes';
import platformExtraFeesRoutes from '../platform/extra-fees.routes';

// One line per route plugin; each plugin declares `config.access` on every route it adds.
export const routePlugins: FastifyPluginAsync[] = [accessRoutes, siteRoutes, platformAuthRoutes];
routePlugins.push(fileRoutes, accountRoutes, knowledgeRoutes);
routePlugins.push(productsRoutes, productsReviewRoutes);
routePlugins.push(walletRoutes, platformWalletRoutes);
routePlugins.push(afterSalesRoutes, platformAfterSalesRoutes, galleryRoutes);
routePlugins.push(ordersRoutes, areaRoutes, platformOrdersRoutes);
routePlugins.push(healthRoutes);
// Bulk import composes the order form's create and address recognition (decision 165).
routePlugins.push(orderImportRoutes({ createOrder, resolveAddressText, quoteOrderFen }));
routePlugins.push(statementRoutes, invoiceRoutes, platformInvoiceRoutes, trendRoutes);
// Open API keys and webhooks, with the webhook outbox listener and delivery worker (issue 18, decisions 168–172).
routePlugins.push(integrationsRoutes);
routePlugins.push(notificationsRoutes, slaRoutes);
// The end customer's page composes an after-sales case and an upload (issue 47, decision 266).
routePlugins.push(customerPageRoutes({ openCase, assertReasons: assertKnownReasons, storeUpload, discardUpload }));
// Extra fees and price caps (issue 46, decisions 250–254).
routePlugins.push(extraFeesRoutes, platformExtraFeesRoutes);
// Appointment windows and the automatic timeliness credit (issue 46, decisions 255–259).
routePlugins.push(appointmentsRoutes, platformTimelinessRoutes);
