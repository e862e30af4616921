import { EXTRA_FEE_MSG, type ExtraFeeCapInput, type ExtraFeeSettings } from '@portal/domain/extra-fees';
import { serviceType } from '@portal/domain/enums';
import { fenToYuan, yuanToFen } from '@portal/domain/money';
import type { DB } from '../../db/database';
import { badRequest, notFound } from '../../lib/errors';
import { toShanghai } from '../../lib/time';
import { userDisplayName } from '../../lib/user-names';
import type { VendorPrincipal } from '../../plugins/context';
import { capRoomOf } from './extra-fee-cap';
import { capLogsOf, capsOf, categoryExists, deleteCap, findCapById, insertCapLog, productOfVendor, saveSettings, settingsOf, upsertCap } from './extra-fee-caps.repository';

// The merchant's price caps and rules (decision 252): every change of a cap writes its log line in the
// same transaction, with who and when. A product has one cap per service type (decision 288): saving it
// under another category of its path replaces it, and the line shows where it now is.

const money = (fen: number | string | null) => (fen === null ? null : fenToYuan(Number(fen)));

export function extraFeeCapsService(db: DB) {
  return {
    async list(vendorId: number) {
      return (await capsOf(db, vendorId)).map((c) => ({
        id: c.id, categoryId: c.category_id, categoryName: c.category_name, serviceType: c.service_type, serviceTypeName: serviceType.label(c.service_type),
        productId: c.product_id || null, productName: c.product_name, cap: fenToYuan(Number(c.cap_fen)), updatedBy: c.updated_by, updateTime: toShanghai(c.updated_at),
      }));
    },

    async save(p: VendorPrincipal, input: ExtraFeeCapInput) {
      if (!(await categoryExists(db, input.categoryId))) throw badRequest(EXTRA_FEE_MSG.categoryNotFound);
      if (input.productId !== undefined) {
        const product = await productOfVendor(db, p.vendorId, input.productId);
        if (!product) throw badRequest(EXTRA_FEE_MSG.productNotFound);
        if (![product.category_id, product.category_id_two, product.category_id_one].includes(input.categoryId)) throw badRequest(EXTRA_FEE_MSG.productCategoryMismatch);
      }
      const operator = await userDisplayName(db, p.userId);
      const key = { categoryId: input.categoryId, serviceType: input.serviceType, productId: input.productId ?? 0 };
      const capFen = yuanToFen(input.cap);
      await db.transaction().execute(async (tx) => {
        const before = await upsertCap(tx, p.vendorId, key, capFen, operator);
        if (before?.capFen === capFen && before.categoryId === key.categoryId) return;
        await insertCapLog(tx, { vendor_id: p.vendorId, category_id: key.categoryId, service_type: key.serviceType, product_id: key.productId, before_fen: before?.capFen ?? null, after_fen: capFen, operator, user_id: p.userId });
      });
    },

    async remove(p: VendorPrincipal, id: number) {
      const operator = await userDisplayName(db, p.userId);
      await db.transaction().execute(async (tx) => {
        const cap = await findCapById(tx, p.vendorId, id);
        if (!cap) throw notFound();
        await deleteCap(tx, cap.id);
        await insertCapLog(tx, { vendor_id: p.vendorId, category_id: cap.category_id, service_type: cap.service_type, product_id: cap.product_id, before_fen: Number(cap.cap_fen), after_fen: null, operator, user_id: p.userId });
      });
    },

    async logs(vendorId: number, pageNum: number, pageSize: number) {
      const { rows, total } = await capLogsOf(db, vendorId, pageNum, pageSize);
      return {
        rows: rows.map((l) => ({
          id: l.id, categoryName: l.category_name, serviceTypeName: serviceType.label(l.service_type), productName: l.product_name,
          before: money(l.before_fen), after: money(l.after_fen), operator: l.operator, createTime: toShanghai(l.created_at),
        })),
        total,
      };
    },

    settings: (vendorId: number) => settingsOf(db, vendorId),
    async saveSettings(p: VendorPrincipal, s: ExtraFeeSettings) {
      await saveSettings(db, p.vendorId, s, await userDisplayName(db, p.userId));
    },
  };
}

/** The cap that applies to the order, what is used and left, and the merchant's rules: the detail block and the console show it. */
export async function capOfOrder(db: DB, order: { id: number; vendor_id: number; service_type: number }) {
  const [room, s] = await Promise.all([capRoomOf(db, order), settingsOf(db, order.vendor_id)]);
  return { cap: money(room.capFen), used: fenToYuan(room.usedFen), left: money(room.leftFen), overCap: s.overCap, timeoutHours: s.timeoutHours, timeoutAction: s.timeoutAction };
}
