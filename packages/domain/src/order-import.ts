import { z } from 'zod';
import { maintenanceType, parole, serviceType, urgentType } from './enums';

// Bulk order import from Excel (issue 18, decisions 165–167): the template's columns, the limits and
// the texts of the import, shared by the server (template, parser, validation) and the web (preview).
// Row rules are the order form's own (orderAddBody in ./orders); only what is new to a file is here.

export type ImportColumnKey =
  | 'realName' | 'phone' | 'phoneExtension' | 'provinceName' | 'cityName' | 'districtName' | 'detailAddress'
  | 'model' | 'number' | 'parole' | 'serviceType' | 'maintenanceType' | 'doorTime' | 'remarks'
  | 'urgent' | 'urgentPrice' | 'orderSource' | 'orderSourceNum';

export interface ImportColumn {
  key: ImportColumnKey;
  /** The header text in row 1 of the sheet (a leading * marks a required column and is ignored when read). */
  header: string;
  required: boolean;
  width: number;
  /** The 填写说明 sheet's text for the column. */
  note: string;
  /** Fixed values: a drop-down list in the template. */
  options?: readonly string[];
  /** The example row's value. */
  example: string;
}

/** 加急 column: 否 or one of the urgent durations (12/24 小时). */
export const URGENT_NONE = '否';

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'realName', header: '客户姓名', required: false, width: 12, note: '最多50个字符', example: '张三' },
  { key: 'phone', header: '客户手机号', required: true, width: 15, note: '11位手机号码', example: '13912345678' },
  { key: 'phoneExtension', header: '分机号', required: false, width: 8, note: '只能为数字', example: '' },
  { key: 'provinceName', header: '省', required: false, width: 10, note: '省、市、区填写名称（如 上海市 / 上海市 / 闵行区）；三列都不填时，从“详细地址”中自动识别省市区', example: '上海市' },
  { key: 'cityName', header: '市', required: false, width: 10, note: '见“省”', example: '上海市' },
  { key: 'districtName', header: '区/县', required: false, width: 10, note: '见“省”', example: '闵行区' },
  { key: 'detailAddress', header: '详细地址', required: true, width: 30, note: '街道、门牌号；省市区不填时写完整地址，如 上海市闵行区莲花南路1500弄3号', example: '莲花南路1500弄3号' },
  { key: 'model', header: '产品型号', required: true, width: 18, note: '与“产品管理”中审核通过的产品型号名称完全一致', example: 'KFR-35GW' },
  { key: 'number', header: '数量', required: false, width: 6, note: '1到10，不填为1', example: '1' },
  { key: 'parole', header: '保内/保外', required: true, width: 10, note: '下拉选择', options: parole.options.map((o) => o.label), example: '保内' },
  { key: 'serviceType', header: '服务类型', required: true, width: 14, note: '下拉选择；回收仅限保外', options: serviceType.options.map((o) => o.label), example: '安装' },
  { key: 'maintenanceType', header: '维修类型', required: false, width: 10, note: '服务类型为维修时选择，不填为普通', options: maintenanceType.options.map((o) => o.label), example: '' },
  { key: 'doorTime', header: '上门时间', required: false, width: 18, note: '格式 2026-12-20 15:30，不能早于昨天；可不填', example: '' },
  { key: 'remarks', header: '备注', required: false, width: 20, note: '最多400个字符', example: '请提前电话联系' },
  { key: 'urgent', header: '加急', required: false, width: 8, note: '下拉选择；仅限保内订单，选择时效须填写加急费', options: [URGENT_NONE, ...urgentType.options.map((o) => o.label)], example: URGENT_NONE },
  { key: 'urgentPrice', header: '加急费(元)', required: false, width: 10, note: '正整数，单位元', example: '' },
  { key: 'orderSource', header: '订单来源', required: false, width: 12, note: '如 京东、天猫；最多100个字符', example: '京东' },
  { key: 'orderSourceNum', header: '来源单号', required: false, width: 18, note: '最多100个字符', example: 'JD20261201001' },
];

/** Columns an order takes once: rows of one order (same customer and address) must agree on them. */
export const ORDER_LEVEL_KEYS: readonly ImportColumnKey[] = ['parole', 'serviceType', 'doorTime', 'remarks', 'urgent', 'urgentPrice', 'orderSource', 'orderSourceNum'];

export const IMPORT_SHEET = '订单导入';
export const IMPORT_NOTES_SHEET = '填写说明';
export const IMPORT_PRODUCTS_SHEET = '产品型号';
export const IMPORT_ERROR_HEADER = '错误原因';
export const IMPORT_TEMPLATE_NAME = '批量下单导入模板.xlsx';

export const IMPORT_LIMITS = {
  /** Data rows in one file. */
  maxRows: 1000,
  /** Bytes of the uploaded .xlsx. */
  maxBytes: 2 * 1024 * 1024,
  /** Bytes the workbook unpacks to (a compressed file cannot blow up the server). */
  maxUnpackedBytes: 60 * 1024 * 1024,
  /** Lines of one order (the form's productList max). */
  maxLinesPerOrder: 20,
  /** Rows above the header row a sheet may have (a title, a note) before its headers are looked for no further (decision 300). */
  headerScanRows: 10,
  /** How far back an existing order makes an imported one a likely duplicate (decision 279). */
  duplicateDays: 30,
  /**
   * One import of a vendor at a time (decision 299): its lease, renewed while it runs, so a dead process's
   * lease ends soon; and how long a second import waits for the first before it is refused.
   */
  lockLeaseMs: 30_000,
  lockWaitMs: 60_000,
} as const;

export const IMPORT_MSG = {
  fileRequired: '请选择要导入的Excel文件',
  fileTooLarge: `文件不能超过${IMPORT_LIMITS.maxBytes / 1024 / 1024}MB`,
  fileInvalid: '文件格式不正确，请下载导入模板填写后上传（.xlsx）',
  sheetMissing: `未找到“${IMPORT_SHEET}”工作表，请使用导入模板`,
  /** No header row among the first IMPORT_LIMITS.headerScanRows rows of any sheet (decision 300): where it was looked for, the closest row if any. */
  headersNotFound: (sheet: string, row: number, missing: string[]) =>
    row > 0
      ? `工作表“${sheet}”第${row}行的表头缺少列：${missing.join('、')}，请补齐这些列或重新下载导入模板`
      : `未在工作表“${sheet}”的前${IMPORT_LIMITS.headerScanRows}行找到表头（${missing.join('、')}），请使用导入模板填写`,
  noRows: '文件中没有要导入的订单，请从第2行开始填写',
  tooManyRows: `每次最多导入${IMPORT_LIMITS.maxRows}行，请分批导入`,
  /** The file inflates past maxUnpackedBytes (counted while inflating, whatever the zip declares). */
  unpackedTooLarge: '文件解压后的内容过大，请使用导入模板填写并分批导入',
  /** Reading the file ran out of its time or memory (decision 222). */
  fileTooComplex: '文件内容过多或过于复杂，无法读取，请使用导入模板填写并分批导入',
  /** Every workbook reader of this server process is busy. */
  busy: '导入文件较多，正在处理中，请稍后再试',
  optionInvalid: (options: readonly string[]) => `请从下拉列表中选择：${options.join('、')}`,
  productNotFound: '产品型号不存在或未审核通过，请与产品管理中的型号名称一致',
  productAmbiguous: '产品管理中有多个产品使用该型号名称，请先修改为不同的名称',
  regionNotFound: '省市区名称不正确，请填写完整的省、市、区名称',
  addressNotRecognised: '无法从详细地址中识别省市区，请填写省、市、区三列',
  /** The address text names a district several places have (decision 300): none is picked. */
  addressAmbiguous: (places: string[]) => `详细地址可能属于多个地区（${places.slice(0, 4).join('、')}${places.length > 4 ? '等' : ''}），请填写省、市、区三列`,
  orderMismatch: (firstRow: number) => `与同一订单（同一客户和地址）的第${firstRow}行不一致`,
  tooManyLines: `同一订单最多${IMPORT_LIMITS.maxLinesPerOrder}个产品`,
  groupFailed: (rows: number[]) => `同一订单的第${rows.join('、')}行有误，本行未导入`,
  createFailed: '订单创建失败，请稍后重试',
  /**
   * The product has no price for this service and warranty type (issue 48 item 8): which price is
   * missing, and what the product can be ordered for instead. `offered`: e.g. ['安装', '维修（普通、大修）'].
   */
  serviceNotPriced: (model: string, parole: number, priceLabel: string, offered: string[]) =>
    (parole === 1 ? `产品${model}未设置${priceLabel}的保内价格` : `产品${model}没有${priceLabel}的保外指导价（由平台审核产品时设置）`) +
    (offered.length ? `，可选服务：${offered.join('、')}` : parole === 1 ? '，也没有其他保内服务价格' : ''),
  rowsInvalid: '要写回的行号不正确',
  exampleNoProduct: '（请先在产品管理中添加产品，审核通过后填写其型号）',
  /** A source order number one of the vendor's orders already holds (decision 240). */
  sourceNumTaken: (num: string, orderNo: string) => `来源单号${num}已有订单${orderNo}，不能重复导入`,
  sourceNumRepeated: (firstRow: number) => `来源单号与第${firstRow}行的另一订单重复，同一来源单号只能导入一个订单`,
  /** `already`: orders an earlier, interrupted run of the same import created (decision 299); counted in `created`. */
  importOk: (created: number, already = 0) => `成功导入${created}个订单${already ? `，其中${already}个此前已导入` : ''}`,
  /** A row the same as an earlier row of its order, cell for cell: a line pasted twice would be ordered and paid twice. */
  rowRepeated: (firstRow: number) => `与第${firstRow}行完全相同，可能重复填写`,
  /** Another import of the vendor ran longer than IMPORT_LIMITS.lockWaitMs (decision 299). */
  otherImportRunning: '本企业的另一个批量导入正在进行，请等它完成后到我的订单核对，再重新选择文件导入',
  /** The import's answer was lost (network, timeout, server): some orders may exist. No blind retry. */
  importUnknown: '网络异常，导入结果未知，请到我的订单核对后再操作',
  /** The preview's answer was lost: nothing is written by a preview, so trying again is safe. */
  previewFailed: '网络异常，文件未能校验，请重试',
  previewOk: '校验完成',
} as const;

/**
 * How a message names other rows of the upload (第N行, 第N、M行). The 错误原因 workbook holds only the rows
 * still to import (decision 240), so it renumbers these to the rows it holds, and names a row it left out
 * by its number in the upload: 原表第N行.
 */
export const IMPORT_ROW_REF = { pattern: '第(\\d+(?:、\\d+)*)行', separator: '、', leftOut: '原表' } as const;

export interface ImportError {
  /** The sheet's row number (the header is row 1). 0: the whole file. */
  row: number;
  /** The column's header text, or '' for the whole row. */
  column: string;
  message: string;
}

/** An order the file creates (preview) or created (import). */
export interface ImportOrderPreview {
  rows: number[];
  orderId: number | null;
  orderNo: string;
  realName: string;
  phone: string;
  address: string;
  parole: string;
  serviceType: string;
  lines: Array<{ model: string; number: number }>;
  /** Created orders: the total (yuan) and status (100 待付款; out of warranty 200, nothing to pay). Preview: null. */
  totalPrice: number | null;
  status: number | null;
  /**
   * A live order of the vendor, placed within IMPORT_LIMITS.duplicateDays, for the same phone, district, detail
   * address and products: this one is likely the same order imported again (decision 279). Null otherwise.
   */
  duplicateOf: string | null;
  /** Not created because it is likely a duplicate and the import was asked to skip those. */
  skipped: boolean;
  /** Created by an earlier, interrupted run of the same import (same Idempotency-Key), not again (decision 299). */
  alreadyImported: boolean;
  /** 上门时间 as the order takes it ('YYYY-MM-DD HH:mm:ss', Shanghai), null when not given. */
  doorTime: string | null;
  /** 加急 as in the sheet ('12小时'/'24小时'), '' when not urgent. */
  urgent: string;
}

export interface ImportResult {
  /** Data rows read. */
  total: number;
  /** Orders created (dry run: orders that would be created). */
  created: number;
  /** Rows not imported. */
  failed: number;
  /** Orders not created because they are likely duplicates (skipped unless skipDuplicates=0). */
  skipped: number;
  /** Of `created`: orders an earlier, interrupted run of the same import created (decision 299). */
  alreadyImported: number;
  orderIds: number[];
  errors: ImportError[];
  orders: ImportOrderPreview[];
  dryRun: boolean;
}

const flag = z
  .union([z.string(), z.number(), z.boolean()])
  .optional()
  .nullable()
  .catch(false)
  .transform((v) => v === '1' || v === 1 || v === true || v === 'true');
/** Absent: true. Only an explicit 0/false turns it off. */
const flagOn = z
  .union([z.string(), z.number(), z.boolean()])
  .optional()
  .nullable()
  .catch(true)
  .transform((v) => !(v === '0' || v === 0 || v === false || v === 'false'));
/**
 * POST /api/app/order/import?dryRun=1 — the preview; nothing is written. Likely duplicates are checked at the
 * import itself and not created unless skipDuplicates=0 (the merchant's 不是重复, decision 299).
 */
export const orderImportQuery = z.object({ dryRun: flag, skipDuplicates: flagOn });
