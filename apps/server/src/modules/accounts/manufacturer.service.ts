import type { ManufacturerInfo, ManufacturerInfoInput } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import type { DB } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { resolveRegion } from '../../lib/region-tree';
import { assertOwnFiles } from '../../lib/files.repository';
import * as repo from './accounts.repository';

export async function getManufacturerInfo(db: DB, vendorId: number, userId: number): Promise<ManufacturerInfo> {
  const v = await repo.findVendor(db, vendorId);
  const user = await repo.findUserPhone(db, userId);
  const techs = await repo.listTechnicians(db, vendorId);
  const addresses = await repo.listAddresses(db, vendorId);
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
  const current = await repo.findVendorFiles(db, vendorId);
  const changedFiles = [body.license !== current.license ? body.license : '', body.avatar !== current.avatar ? body.avatar : ''].filter(Boolean);
  await assertOwnFiles(db, vendorId, changedFiles);

  const addresses: Array<{ id: number | null; row: repo.AddressValues }> = [];
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

  await repo.saveManufacturerInfo(
    db,
    vendorId,
    { name: body.name, company: body.company, contacts: body.contacts, license: body.license, avatar: body.avatar },
    body.technicalUserVoList,
    addresses,
  );
}
