import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@portal/domain/contract/envelope';
import { trendMonths } from '@portal/domain/contract/statements';
import { serviceType } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { PERM } from '@portal/domain/permissions';
import { TREND_API, type TrendMonth } from '@portal/domain/statements';
import { ok } from '../../lib/envelope';
import { lastMonths, monthBounds } from '../../lib/months';
import { nowIso } from '../../lib/time';
import { vendorOf } from '../../plugins/auth';
import { spendByService } from './trend.repository';

/** 首页 charts (issue 20, decision 182): orders and spend of the last 12 months by service type. */
export default async function trendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(TREND_API, { config: { access: PERM.accountList }, schema: { response: { 200: envelope(trendMonths) } } }, async (req) => {
    const vendorId = vendorOf(req).vendorId;
    const months = lastMonths(12, nowIso());
    const out: TrendMonth[] = await Promise.all(
      months.map(async (month) => {
        const { start, end } = monthBounds(month);
        const rows = await spendByService(app.db, vendorId, start, end);
        const byService = rows.map((r) => ({
          serviceType: r.serviceType ?? 0,
          name: r.serviceType === null ? '其他' : serviceType.label(r.serviceType) || String(r.serviceType),
          orders: r.orders,
          spend: fenToYuan(r.spendFen),
        }));
        byService.sort((a, b) => a.serviceType - b.serviceType);
        return {
          month,
          orders: rows.reduce((s, r) => s + r.orders, 0),
          spend: fenToYuan(rows.reduce((s, r) => s + r.spendFen, 0)),
          byService,
        };
      }),
    );
    return ok(out);
  });
}
