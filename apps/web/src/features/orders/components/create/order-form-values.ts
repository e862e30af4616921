import dayjs, { type Dayjs } from 'dayjs';
import type { FileItem, OrderDetail } from '@portal/domain/orders';

export interface SurchargeValue {
  id?: number | null;
  pzId?: number | null;
  name?: string;
  price?: string;
  num?: string;
}

export interface LineValue {
  productId?: number;
  number?: number;
  maintenanceType?: number;
  remarks?: string;
  omsSurchargeList?: SurchargeValue[];
  productVideoSelect?: string[];
  finishedDrawingSelect?: string[];
  newProductVideo?: FileItem[];
  newFinishedDrawing?: FileItem[];
}

export interface LogisticsValue {
  productId?: number;
  courierCompany?: string;
  courierNum?: string;
  phone?: string;
}

/** The create form's values (antd Form); `toPayload` turns them into the spec's POST body. */
export interface OrderFormValues {
  parole: number;
  serviceType?: number;
  productList: LineValue[];
  addressText?: string;
  realName?: string;
  phone?: string;
  virtual?: boolean;
  phoneExtension?: string;
  region?: string[];
  detailAddress?: string;
  logisticsVoList: LogisticsValue[];
  contactName?: string;
  contactPhone?: string;
  technicalContacts: Array<{ name?: string; phone?: string }>;
  urgentFlag?: boolean;
  urgentType?: number;
  urgentPrice?: string;
  praiseFlag?: boolean;
  praisePrice?: string;
  returnParts?: boolean;
  addressId?: number;
  doorTime?: Dayjs | null;
  remarks?: string;
  orderSource?: string;
  orderSourceNum?: string;
}

export const emptyLine = (): LineValue => ({ number: 1, omsSurchargeList: [], productVideoSelect: [], finishedDrawingSelect: [], newProductVideo: [], newFinishedDrawing: [] });

export const initialValues = (): OrderFormValues => ({
  parole: 1,
  productList: [emptyLine()],
  logisticsVoList: [],
  technicalContacts: [],
  urgentType: 1,
});

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** Form values → POST /api/app/order/add body (region names from the tree, extension only when virtual). */
export function toPayload(v: OrderFormValues, regionNames: string[], geo: { lng: number | null; lat: number | null } | null) {
  const inWarranty = v.parole === 1;
  const urgent = inWarranty && !!v.urgentFlag;
  const praise = inWarranty && v.serviceType === 1 && !!v.praiseFlag;
  return {
    parole: v.parole,
    serviceType: v.serviceType,
    createType: 1,
    productList: v.productList.map((l) => ({
      productId: l.productId,
      number: l.number,
      maintenanceType: v.serviceType === 2 ? l.maintenanceType : null,
      remarks: str(l.remarks),
      // Only complete rows are sent (spec 02 §5).
      omsSurchargeList: (l.omsSurchargeList ?? [])
        .filter((s) => str(s.name) && Number(s.price) > 0 && Number(s.num) > 0)
        .map((s) => ({ id: s.id ?? null, pzId: s.pzId ?? null, name: str(s.name), price: str(s.price), num: str(s.num) })),
      productVideoSelect: l.productVideoSelect ?? [],
      finishedDrawingSelect: l.finishedDrawingSelect ?? [],
      newProductVideo: l.newProductVideo ?? [],
      newFinishedDrawing: l.newFinishedDrawing ?? [],
    })),
    realName: str(v.realName),
    phone: str(v.phone),
    phoneExtension: v.virtual ? str(v.phoneExtension) : '',
    provinceId: v.region?.[0] ?? '',
    cityId: v.region?.[1] ?? '',
    districtId: v.region?.[2] ?? '',
    provinceName: regionNames[0] ?? '',
    cityName: regionNames[1] ?? '',
    districtName: regionNames[2] ?? '',
    detailAddress: str(v.detailAddress),
    doorTime: v.doorTime ? v.doorTime.format('YYYY-MM-DD HH:mm:ss') : null,
    remarks: str(v.remarks),
    contactName: str(v.contactName),
    contactPhone: str(v.contactPhone),
    // Technician contacts with all fields empty are dropped (spec 02 §5).
    technicalContacts: (v.technicalContacts ?? []).map((t) => ({ name: str(t.name), phone: str(t.phone) })).filter((t) => t.name || t.phone),
    addressId: v.returnParts ? (v.addressId ?? null) : null,
    orderSource: str(v.orderSource),
    orderSourceNum: str(v.orderSourceNum),
    returnParts: v.returnParts ? ('1' as const) : ('0' as const),
    urgentFlag: urgent ? ('1' as const) : ('0' as const),
    urgentType: urgent ? v.urgentType : null,
    urgentPrice: urgent ? str(v.urgentPrice) : null,
    praiseFlag: praise ? ('1' as const) : ('0' as const),
    praisePrice: praise ? str(v.praisePrice) : null,
    logisticsVoList: (v.logisticsVoList ?? []).map((r) => ({ productId: r.productId ?? null, courierCompany: str(r.courierCompany), courierNum: str(r.courierNum), phone: str(r.phone) })),
    lng: geo?.lng ?? null,
    lat: geo?.lat ?? null,
  };
}

/** 再来一单: an earlier order's content as a new form (no door time, no logistics). */
export function fromOrder(o: OrderDetail): Partial<OrderFormValues> {
  return {
    parole: o.parole,
    serviceType: o.serviceType,
    productList: o.productList.map((l) => ({
      productId: l.productId,
      number: l.number,
      maintenanceType: l.maintenanceType ?? undefined,
      remarks: l.remarks,
      omsSurchargeList: l.omsSurchargeList.map((s) => ({ pzId: s.pzId, name: s.name, price: String(s.price), num: String(s.num) })),
      productVideoSelect: l.productVideoSelect,
      finishedDrawingSelect: l.finishedDrawingSelect,
      newProductVideo: l.newProductVideo,
      newFinishedDrawing: l.newFinishedDrawing,
    })),
    realName: o.realName,
    phone: o.phone,
    virtual: !!o.phoneExtension,
    phoneExtension: o.phoneExtension,
    region: [o.provinceId, o.cityId, o.districtId],
    detailAddress: o.detailAddress,
    contactName: o.contactName,
    contactPhone: o.contactPhone,
    technicalContacts: o.technicalContacts,
    urgentFlag: o.urgentFlag === '1',
    urgentType: o.urgentType ?? 1,
    urgentPrice: o.urgentFlag === '1' ? String(o.urgentPrice) : undefined,
    praiseFlag: o.praiseFlag === '1',
    praisePrice: o.praiseFlag === '1' ? String(o.praisePrice) : undefined,
    returnParts: o.returnParts === '1',
    addressId: o.addressId ?? undefined,
    remarks: o.remarks,
    orderSource: o.orderSource,
    orderSourceNum: o.orderSourceNum,
    doorTime: null,
  };
}

/** Door time: not earlier than the start of yesterday (spec 02 §5). */
export const disabledDoorDate = (d: Dayjs) => d.isBefore(dayjs().subtract(1, 'day').startOf('day'));
