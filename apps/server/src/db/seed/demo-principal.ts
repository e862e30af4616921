import { ALL_PERMISSIONS } from '@portal/domain/permissions';
import type { VendorPrincipal } from '../../plugins/context';
import type { DemoContext } from './demo';
import { demoUserName } from './demo-user-name';

/** The demo main account as a signed-in principal with every permission, for seeders that act through the services. */
export async function demoMainPrincipal(ctx: DemoContext): Promise<VendorPrincipal> {
  return { kind: 'vendor', userId: ctx.mainUserId, vendorId: ctx.vendorId, isSub: false, permissions: [ALL_PERMISSIONS], scopes: {}, sessionId: 0, operatorName: await demoUserName(ctx.db, ctx.mainUserId) };
}
