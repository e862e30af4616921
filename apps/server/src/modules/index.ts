import type { FastifyPluginAsync } from 'fastify';
import accessRoutes from './access/access.routes';
import siteRoutes from './site/site.routes';
import platformAuthRoutes from '../platform/platform-auth.routes';

// One line per route plugin; each plugin declares `config.access` on every route it adds.
export const routePlugins: FastifyPluginAsync[] = [accessRoutes, siteRoutes, platformAuthRoutes];
