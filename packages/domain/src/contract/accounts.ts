import { z } from 'zod';
import type { PermissionNode } from '../accounts';
import { time } from './envelope';

/** Answers of the company profile and the sub-accounts (spec 01 §6). */

export const manufacturerInfo = z.object({
  name: z.string(),
  company: z.string(),
  license: z.string(),
  contacts: z.string(),
  avatar: z.string(),
  phone: z.string(),
  technicalUserVoList: z.array(z.object({ name: z.string(), phone: z.string() })),
  umsUserAddressList: z.array(
    z.object({
      id: z.number().int(),
      realName: z.string(),
      phone: z.string(),
      provinceId: z.string(),
      provinceName: z.string(),
      cityId: z.string(),
      cityName: z.string(),
      districtId: z.string(),
      districtName: z.string(),
      detailAddress: z.string(),
      defaultFlag: z.number().int(),
      paymentType: z.number().int(),
    }),
  ),
  manufacturerOutletDiscountFlag: z.number().int(),
  orderDiscountFlag: z.number().int(),
});

/** GET /api/app/user/orderFormInfo: what the order form reads of the company, under the create key (decision 282). */
export const orderFormInfo = manufacturerInfo.pick({ technicalUserVoList: true, umsUserAddressList: true, manufacturerOutletDiscountFlag: true, orderDiscountFlag: true });

export const subAccountRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  account: z.string(),
  password: z.string().describe('always ******'),
  avatar: z.string(),
  createTime: time,
});

export const created = z.object({ id: z.number().int() });

/** The menu tree of a sub-account's grants (isHave 1: granted). */
export const permissionNode: z.ZodType<PermissionNode> = z.object({
  id: z.number().int(),
  name: z.string(),
  menuType: z.string(),
  permissions: z.string(),
  isHave: z.union([z.literal(0), z.literal(1)]),
  dataFlag: z.number().int(),
  dataPermissions: z.number().int(),
  get child() {
    return z.array(permissionNode);
  },
}).meta({ id: 'PermissionNode' }); // a named component: OpenAPI can only express a recursive schema by a $ref to one (issue 48 item 13)
