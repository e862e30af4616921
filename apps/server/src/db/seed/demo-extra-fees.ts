import { EXTRA_FEE_STATUS, EXTRA_FEE_STATUSES, extraFeeRequestBody } from '@portal/domain/extra-fees';
import { extraFeesService } from '../../modules/extra-fees/extra-fees.service';
import type { DemoContext } from './demo';
import { demoMainPrincipal } from './demo-principal';

// Issue 46 in the demo: two of the demo vendor's orders in service carry a master's extra fee asked
// through the console, made by the real service (log lines, bell, ledger): one the merchant approved
// and paid from the balance, one waiting under 待确认加价.

const ASKS = [
  { customer: '赵国庆', body: { reason: 'revisit', amount: '30', note: '排水泵到货后二次上门更换' }, approve: true },
  { customer: '孙磊', body: { reason: 'dismantle', amount: '50', note: '客户要求拆除旧油烟机并搬至楼下' }, approve: false },
];

export async function seedDemoExtraFees(ctx: DemoContext) {
  const { db } = ctx;
  const op = await db.selectFrom('operators').select('name').where('id', '=', ctx.operatorId).executeTakeFirstOrThrow();
  const main = await demoMainPrincipal(ctx);
  const fees = extraFeesService(db);
  for (const ask of ASKS) {
    const order = await db.selectFrom('orders').select('id').where('vendor_id', '=', ctx.vendorId).where('real_name', '=', ask.customer).where('status', 'in', [...EXTRA_FEE_STATUSES]).executeTakeFirst();
    if (!order) continue;
    const asked = await fees.request({ operator: `${op.name}（代师傅）` }, order.id, extraFeeRequestBody.parse(ask.body));
    if (ask.approve && asked.status === EXTRA_FEE_STATUS.pending) await fees.approve(main, asked.id);
  }
}
