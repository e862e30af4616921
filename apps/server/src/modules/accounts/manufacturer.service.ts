import type { ManufacturerInfo, ManufacturerInfoInput } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { VendorAddressesTable } from '../../db/schema/foundation';
import { badRequest } from '../../lib/errors';
import { resolveRegion } from '../../lib/region-tree';
import { assertOwnFiles } from '../../lib/files.repository';

type AddressValues = Omit<Insertable<VendorAddressesTable>, 'vendor_id' | 'sort' | 'id'>;

export async function getManufacturerInfo(db: DB, vendorId: number, userId: number): Promise<ManufacturerInfo> {
  const v = await db.selectFrom('vendors').selectAll().where('id', '=', vendorId).executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  const techs = await db.selectFrom('vendor_technicians').select(['name', 'phone']).where('vendor_id', '=', vendorId).orderBy('sort').orderBy('id').execute();
  const addresses = await db.selectFrom('vendor_addresses').selectAll().where('vendor_id', '=', vendorId).orderBy('sort').orderBy('id').execute();
  return {
    name: v.name,
    company: v.company,
    license: v.license,
    contacts: v.contacts,
    avatar: v.avatar,
    phone: user?.phone ?? '',
    technicalUserVoList: techs,
    umsUserAddressList: addresses.map((a) => ({
      id: a.id,
      realName: a.real_name,
      phone: a.phone,
      provinceId: a.province_id,
      provinceName: a.province_name,
      cityId: a.city_id,
      cityName: a.city_name,
      districtId: a.district_id,
      districtName: a.district_name,
      detailAddress: a.detail_address,
      defaultFlag: a.default_flag,
      paymentType: a.payment_type,
    })),
    manufacturerOutletDiscountFlag: v.outlet_discount_flag,
    orderDiscountFlag: v.order_discount_flag,
  };
}

/**
 * Save the info screen. Empty rows were dropped by the schema; every address must name a real
 * province/city/district; a licence or avatar that changed must be this vendor's own upload.
 * Existing address rows keep their ids (orders may remember them); the rest is replaced.
 */
export async function editManufacturerInfo(db: DB, vendorId: number, body: ManufacturerInfoInput) {
  const current = await db.selectFrom('vendors').select(['license', 'avatar']).where('id', '=', vendorId).executeTakeFirstOrThrow();
  const changedFiles = [body.license !== current.license ? body.license : '', body.avatar !== current.avatar ? body.avatar : ''].filter(Boolean);
  await assertOwnFiles(db, vendorId, changedFiles);

  const addresses: Array<{ id: number | null; row: AddressValues }> = [];
  let defaultSeen = false;
  for (const a of body.umsUserAddressVoList) {
    const names = await resolveRegion(db, a.provinceId, a.cityId, a.districtId);
    if (!names) throw badRequest(MSG.regionRequired);
    const isDefault: boolean = a.defaultFlag === 1 && !defaultSeen;
    defaultSeen ||= isDefault;
    const id = Number(a.id);
    addresses.push({
      id: Number.isInteger(id) && id > 0 ? id : null,
      row: {
        real_name: a.realName, phone: a.phone,
        province_id: a.provinceId, province_name: names.provinceName,
        city_id: a.cityId, city_name: names.cityName,
        district_id: a.districtId, district_name: names.districtName,
        detail_address: a.detailAddress, default_flag: isDefault ? 1 : 0, payment_type: a.paymentType,
      },
    });
  }

  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('vendors')
      .set({ name: body.name, company: body.company, contacts: body.contacts, license: body.license, avatar: body.avatar })
      .where('id', '=', vendorId)
      .execute();
    await tx.deleteFrom('vendor_technicians').where('vendor_id', '=', vendorId).execute();
    if (body.technicalUserVoList.length) {
      await tx.insertInto('vendor_technicians').values(body.technicalUserVoList.map((t, sort) => ({ vendor_id: vendorId, name: t.name, phone: t.phone, sort }))).execute();
    }
    const existing = new Set((await tx.selectFrom('vendor_addresses').select('id').where('vendor_id', '=', vendorId).execute()).map((r) => r.id));
    const kept = new Set<number>();
    for (const [sort, a] of addresses.entries()) {
      if (a.id !== null && existing.has(a.id) && !kept.has(a.id)) {
        kept.add(a.id);
        await tx.updateTable('vendor_addresses').set({ ...a.row, sort }).where('id', '=', a.id).where('vendor_id', '=', vendorId).execute();
      } else {
        const ins = await tx.insertInto('vendor_addresses').values({ ...a.row, sort, vendor_id: vendorId }).returning('id').executeTakeFirstOrThrow();
        kept.add(ins.id);
      }
    }
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length) await tx.deleteFrom('vendor_addresses').where('vendor_id', '=', vendorId).where('id', 'in', gone).execute();
  });
}
