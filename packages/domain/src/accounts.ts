import { z } from 'zod';
import { MSG } from './messages';
import { INPUT_MSG, PHONE_PATTERN, changePassword, id, optionalText, requiredText } from './validation';

// Manufacturer info (spec 01 §2 zhangHaoInfo, §3) and the sub-account permission calls (§7).

export const ADDRESS_DETAIL_MAX = 400;
export const ADDRESS_DETAIL_TOO_LONG = '详细地址最多输入400个字符';
export const ADDRESS_INCOMPLETE = '请完整填写收货地址';
export const TECHNICIAN_INCOMPLETE = '请完整填写技术指导人员';
export const LICENSE_ONE = '营业执照只能上传一张图片';
export const NICKNAME_MAX = '昵称最多输入50个字符';
export const OLD_PASSWORD_REQUIRED = '请输入原密码';
export const OLD_PASSWORD_WRONG = '原密码错误';
/** 修改密码 to the password the account already has: nothing would change, yet every other session would end. */
export const PASSWORD_UNCHANGED = '新密码不能与原密码相同';

/** Change password without a bound phone (sub-accounts only): the old password instead of an SMS code (docs/decisions/095). */
export const changePasswordByOldBody = z.object({ oldPassword: requiredText(OLD_PASSWORD_REQUIRED), password: changePassword });

const str = z.union([z.string(), z.number()]).optional().nullable().transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

/** A technician row; a row with neither name nor phone is dropped. */
export const technicianRow = z.object({ name: str, phone: str });
/** A receiving-address row; a row with nothing typed in it is dropped. */
export const addressRow = z.object({
  id: z.unknown().optional(),
  realName: str,
  phone: str,
  provinceId: str,
  cityId: str,
  districtId: str,
  detailAddress: str,
  defaultFlag: z.coerce.number().int().min(0).max(1).catch(0),
  paymentType: z.coerce.number().int().min(0).max(1).catch(0),
});
export type AddressRow = z.infer<typeof addressRow>;

const isBlankTech = (r: z.infer<typeof technicianRow>) => !r.name && !r.phone;
const isBlankAddress = (r: AddressRow) => !r.realName && !r.phone && !r.provinceId && !r.cityId && !r.districtId && !r.detailAddress;

export const manufacturerInfoBody = z.object({
  name: optionalText(50, NICKNAME_MAX),
  company: z.string({ error: MSG.companyRequired }).trim().min(1, MSG.companyRequired).max(100, INPUT_MSG.companyTooLong),
  contacts: optionalText(50, '联系人最多输入50个字符'),
  avatar: optionalText(500),
  license: optionalText(500).refine((v) => !v.includes(','), LICENSE_ONE),
  technicalUserVoList: z
    .array(technicianRow)
    .optional()
    .nullable()
    .transform((rows) => (rows ?? []).filter((r) => !isBlankTech(r)))
    .pipe(
      z.array(
        z.object({
          name: z.string().min(1, TECHNICIAN_INCOMPLETE).max(50, TECHNICIAN_INCOMPLETE),
          phone: z.string().min(1, TECHNICIAN_INCOMPLETE).regex(PHONE_PATTERN, MSG.phoneFormat),
        }),
      ).max(20),
    ),
  umsUserAddressVoList: z
    .array(addressRow)
    .optional()
    .nullable()
    .transform((rows) => (rows ?? []).filter((r) => !isBlankAddress(r)))
    .pipe(
      z.array(
        z.object({
          id: z.unknown().optional(),
          defaultFlag: z.number(),
          paymentType: z.number(),
          realName: z.string().min(1, ADDRESS_INCOMPLETE).max(50, ADDRESS_INCOMPLETE),
          phone: z.string().min(1, ADDRESS_INCOMPLETE).regex(PHONE_PATTERN, MSG.phoneFormat),
          provinceId: z.string().min(1, MSG.regionRequired),
          cityId: z.string().min(1, MSG.regionRequired),
          districtId: z.string().min(1, MSG.regionRequired),
          detailAddress: z.string().min(1, ADDRESS_INCOMPLETE).max(ADDRESS_DETAIL_MAX, ADDRESS_DETAIL_TOO_LONG),
        }),
      ).max(20),
    ),
});
export type ManufacturerInfoInput = z.infer<typeof manufacturerInfoBody>;

export interface ManufacturerInfo {
  name: string;
  company: string;
  license: string;
  contacts: string;
  avatar: string;
  phone: string;
  technicalUserVoList: Array<{ name: string; phone: string }>;
  umsUserAddressList: Array<{
    id: number; realName: string; phone: string;
    provinceId: string; provinceName: string; cityId: string; cityName: string; districtId: string; districtName: string;
    detailAddress: string; defaultFlag: number; paymentType: number;
  }>;
  manufacturerOutletDiscountFlag: number;
  orderDiscountFlag: number;
}

export interface SubAccountRow {
  id: number;
  userId: number;
  name: string;
  phone: string;
  account: string;
  password: string;
  avatar: string;
  createTime: string;
}

export const DATA_SCOPE = { all: 0, own: 1 } as const;
export const dataScope = z.coerce.number().int().refine((v) => v === 0 || v === 1, '数据权限不正确');
export const grantMenuBody = z.object({ menuId: id, dataPermissions: dataScope.optional().default(0) });
export const scopeMenuBody = z.object({ menuId: id, dataPermissions: dataScope });

export interface PermissionNode {
  id: number;
  name: string;
  menuType: string;
  permissions: string;
  isHave: 0 | 1;
  dataFlag: number;
  dataPermissions: number;
  child: PermissionNode[];
}

export const SUB_ACCOUNT_TAKEN = '该登录账号已存在';
export const SUB_ACCOUNT_PHONE_TAKEN = '该手机号已被其他子账号使用';
export const MASKED_PASSWORD = '******';

/** 138****8000 */
export const maskPhone = (p: string | null | undefined) => (p && p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : (p ?? ''));
