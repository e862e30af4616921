import type { Generated } from 'kysely';

export interface VendorsTable {
  id: Generated<number>;
  company: string;
  name: Generated<string>;
  contacts: Generated<string>;
  license: Generated<string>;
  avatar: Generated<string>;
  outlet_discount_flag: Generated<number>;
  order_discount_flag: Generated<number>;
  /** Integer fen; changes only together with a ledger record (wallet module). */
  balance_fen: Generated<number>;
  closed_at: string | null;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  vendor_id: number;
  is_sub: Generated<number>;
  phone: string | null;
  account: string | null;
  name: Generated<string>;
  avatar: Generated<string>;
  password_hash: string;
  failed_logins: Generated<number>;
  locked_until: string | null;
  deleted_at: string | null;
  created_at: string;
}

export interface OperatorsTable {
  id: Generated<number>;
  account: string;
  name: string;
  password_hash: string;
  failed_logins: Generated<number>;
  locked_until: string | null;
  created_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'vendor' | 'platform';
  user_id: number;
  vendor_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface CaptchasTable {
  uuid: string;
  text: string;
  expires_at: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  type: string;
  code: string;
  attempts: Generated<number>;
  used: Generated<number>;
  created_at: string;
  expires_at: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  content: string;
  created_at: string;
}

export interface ConfigsTable {
  key: string;
  name: Generated<string>;
  value: string;
}

export interface AgreementsTable {
  id: number;
  title: string;
  content: string;
}

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  image: Generated<string>;
  content: string;
  created_at: string;
}

export interface RegionsTable {
  code: string;
  name: string;
  parent_code: string | null;
  level: number;
}

export interface MenusTable {
  id: number;
  parent_id: number | null;
  name: string;
  menu_type: string;
  permissions: Generated<string>;
  data_flag: Generated<number>;
  sort: Generated<number>;
}

export interface UserMenusTable {
  user_id: number;
  menu_id: number;
  vendor_id: number;
  data_permissions: Generated<number>;
}

export interface VendorTechniciansTable {
  id: Generated<number>;
  vendor_id: number;
  name: string;
  phone: string;
  sort: Generated<number>;
}

export interface VendorAddressesTable {
  id: Generated<number>;
  vendor_id: number;
  real_name: string;
  phone: string;
  province_id: string;
  province_name: string;
  city_id: string;
  city_name: string;
  district_id: string;
  district_name: string;
  detail_address: string;
  default_flag: Generated<number>;
  payment_type: Generated<number>;
  sort: Generated<number>;
}

export interface FoundationTables {
  vendors: VendorsTable;
  users: UsersTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  configs: ConfigsTable;
  agreements: AgreementsTable;
  notices: NoticesTable;
  regions: RegionsTable;
  menus: MenusTable;
  user_menus: UserMenusTable;
  vendor_technicians: VendorTechniciansTable;
  vendor_addresses: VendorAddressesTable;
}
