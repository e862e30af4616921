import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { initialValues, toPayload, type OrderFormValues } from './order-form-values';

// The create form's values → POST /api/app/order/add body (spec 02 §5).

const filled = (patch: Partial<OrderFormValues> = {}): OrderFormValues => ({
  ...initialValues(),
  serviceType: 1,
  productList: [
    {
      productId: 11,
      number: 2,
      maintenanceType: 3,
      remarks: '  靠窗安装 ',
      omsSurchargeList: [
        { id: 5, pzId: 9, name: ' 高空作业 ', price: '30', num: '1' },
        { name: '', price: '10', num: '1' },
        { name: '支架', price: '0', num: '1' },
        { name: '铜管', price: '12.5', num: '' },
      ],
      productVideoSelect: ['v/1.mp4'],
      finishedDrawingSelect: [],
      newProductVideo: [],
      newFinishedDrawing: [{ fileName: 'a.png', fileUrl: 'p/a.png' } as never],
    },
  ],
  realName: ' 王小明 ',
  phone: '13911112222',
  virtual: false,
  phoneExtension: '1234',
  region: ['330000', '330100', '330106'],
  detailAddress: ' 文三路90号 ',
  technicalContacts: [{ name: '', phone: '' }, { name: '李工', phone: '' }],
  logisticsVoList: [{ productId: 11, courierCompany: ' 顺丰 ', courierNum: 'SF1', phone: '' }],
  doorTime: dayjs('2026-12-01 09:30:00'),
  ...patch,
});
const NAMES = ['浙江省', '杭州市', '西湖区'];

describe('toPayload', () => {
  test('in warranty: trimmed texts, complete surcharge rows only, region codes and names, door time, empty contacts dropped', () => {
    const p = toPayload(filled({ urgentFlag: true, urgentType: 2, urgentPrice: ' 20 ', praiseFlag: true, praisePrice: '5' }), NAMES, { lng: 120.1, lat: 30.2 });
    expect(p).toMatchObject({
      parole: 1,
      serviceType: 1,
      createType: 1,
      realName: '王小明',
      phone: '13911112222',
      phoneExtension: '',
      provinceId: '330000',
      cityId: '330100',
      districtId: '330106',
      provinceName: '浙江省',
      cityName: '杭州市',
      districtName: '西湖区',
      detailAddress: '文三路90号',
      doorTime: '2026-12-01 09:30:00',
      technicalContacts: [{ name: '李工', phone: '' }],
      urgentFlag: '1',
      urgentType: 2,
      urgentPrice: '20',
      praiseFlag: '1',
      praisePrice: '5',
      returnParts: '0',
      addressId: null,
      logisticsVoList: [{ productId: 11, courierCompany: '顺丰', courierNum: 'SF1', phone: '' }],
      lng: 120.1,
      lat: 30.2,
    });
    expect(p.productList).toEqual([
      {
        productId: 11,
        number: 2,
        // Only a repair (serviceType 2) sends a maintenance type.
        maintenanceType: null,
        remarks: '靠窗安装',
        omsSurchargeList: [{ id: 5, pzId: 9, name: '高空作业', price: '30', num: '1' }],
        productVideoSelect: ['v/1.mp4'],
        finishedDrawingSelect: [],
        newProductVideo: [],
        newFinishedDrawing: [{ fileName: 'a.png', fileUrl: 'p/a.png' }],
      },
    ]);
  });

  test('out of warranty: no urgent and no praise, whatever the switches say', () => {
    const p = toPayload(filled({ parole: 2, urgentFlag: true, urgentType: 2, urgentPrice: '20', praiseFlag: true, praisePrice: '5' }), NAMES, null);
    expect(p).toMatchObject({ parole: 2, urgentFlag: '0', urgentType: null, urgentPrice: null, praiseFlag: '0', praisePrice: null, lng: null, lat: null });
  });

  test('praise only for installation; maintenance type only for a repair', () => {
    const p = toPayload(filled({ serviceType: 2, praiseFlag: true, praisePrice: '5' }), NAMES, null);
    expect(p.praiseFlag).toBe('0');
    expect(p.praisePrice).toBeNull();
    expect(p.productList[0]!.maintenanceType).toBe(3);
  });

  test('a virtual number sends its extension; a return address only when parts are returned; no door time is null', () => {
    const p = toPayload(filled({ virtual: true, phoneExtension: ' 5678 ', returnParts: true, addressId: 42, doorTime: null }), NAMES, null);
    expect(p).toMatchObject({ phoneExtension: '5678', returnParts: '1', addressId: 42, doorTime: null });
    const q = toPayload(filled({ returnParts: false, addressId: 42 }), NAMES, null);
    expect(q.addressId).toBeNull();
  });

  test('the initial form sends empty texts, not undefined', () => {
    const p = toPayload(initialValues(), [], null);
    expect(p).toMatchObject({ realName: '', phone: '', provinceId: '', provinceName: '', detailAddress: '', remarks: '', technicalContacts: [], logisticsVoList: [] });
    expect(p.productList).toHaveLength(1);
    expect(p.productList[0]).toMatchObject({ number: 1, omsSurchargeList: [], remarks: '' });
  });
});
