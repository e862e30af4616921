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

// One line per route plugin; each plugin declares `config.access` on every route it adds.
export const routePlugins: FastifyPluginAsync[] = [accessRoutes, siteRoutes, platformAuthRoutes];
routePlugins.push(fileRoutes, accountRoutes, knowledgeRoutes);
routePlugins.push(productsRoutes, productsReviewRoutes);
routePlugins.push(walletRoutes, platformWalletRoutes);
routePlugins.push(afterSalesRoutes, platformAfterSalesRoutes, galleryRoutes);
routePlugins.push(ordersRoutes, areaRoutes, platformOrdersRoutes);
routePlugins.push(healthRoutes);
