import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** One /api route of the real app, as Fastify registered it. */
export interface ApiRoute {
  method: string;
  url: string;
  access: string;
}

/**
 * Records every /api route of the next Fastify instance created in this process, through
 * Fastify's own `fastify.initialization` diagnostics channel and an onRoute hook on that instance:
 * the list is what the real app registers, not a copy kept by hand.
 */
export function recordApiRoutes() {
  const routes: ApiRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = String((route.config as { access?: unknown } | undefined)?.access ?? '');
      for (const method of methods) {
        if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
        routes.push({ method, url: route.url, access });
      }
    });
  };
  subscribe('fastify.initialization', onInit);
  return { routes, stop: () => unsubscribe('fastify.initialization', onInit) };
}
