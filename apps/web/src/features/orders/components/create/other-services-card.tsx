import { Card, Checkbox, Col, DatePicker, Form, Input, Radio, Row, Select, Space, Typography, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { ADDRESS_PAYMENT_TYPE, urgentType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { ORDER_MSG } from '@portal/domain/orders';
import type { OrderManufacturerInfo } from '../../api/get-discount-context';
import { PRAISE_REQUIREMENT } from '../praise-requirement';
import { disabledDoorDate, type OrderFormValues } from './order-form-values';

const positiveWhole = (required: string) => ({
  validator: async (_: unknown, v?: string) => {
    const t = String(v ?? '').trim();
    if (!t) throw new Error(required);
    if (!/^\d+$/.test(t) || Number(t) <= 0) throw new Error(MSG.positiveInteger);
  },
});

/** 其他服务: urgent (12/24 h, fee) and praise promotion (install only) in warranty; return parts; door time; remarks. */
export function OtherServicesCard({ form, info }: { form: FormInstance<OrderFormValues>; info?: OrderManufacturerInfo }) {
  const parole = Form.useWatch('parole', form);
  const service = Form.useWatch('serviceType', form);
  const urgent = Form.useWatch('urgentFlag', form);
  const praise = Form.useWatch('praiseFlag', form);
  const returnParts = Form.useWatch('returnParts', form);
  const inWarranty = parole === 1;
  const addresses = info?.umsUserAddressList ?? [];
  return (
    <Card title="其他服务">
      {inWarranty && (
        <>
          <Form.Item label="加急服务">
            <Space wrap>
              <Form.Item name="urgentFlag" valuePropName="checked" noStyle>
                <Checkbox data-testid="urgent-flag">加急</Checkbox>
              </Form.Item>
              {urgent && (
                <>
                  <Form.Item name="urgentType" noStyle>
                    <Radio.Group options={urgentType.options} />
                  </Form.Item>
                  <Form.Item name="urgentPrice" noStyle rules={[positiveWhole(MSG.feeRequired)]}>
                    <Input prefix="￥" placeholder="加急费（元）" style={{ width: 160 }} inputMode="numeric" data-testid="urgent-price" />
                  </Form.Item>
                </>
              )}
            </Space>
          </Form.Item>
          {service === 1 && (
            <Form.Item label="好评推广" extra={`好评要求：${PRAISE_REQUIREMENT}`}>
              <Space wrap>
                <Form.Item name="praiseFlag" valuePropName="checked" noStyle>
                  <Checkbox>好评推广</Checkbox>
                </Form.Item>
                {praise && (
                  <Form.Item name="praisePrice" noStyle rules={[positiveWhole(MSG.positiveInteger)]}>
                    <Input prefix="￥" placeholder="好评奖励（元）" style={{ width: 160 }} inputMode="numeric" />
                  </Form.Item>
                )}
              </Space>
            </Form.Item>
          )}
        </>
      )}
      <Form.Item label="返还配件">
        <Space wrap>
          <Form.Item name="returnParts" valuePropName="checked" noStyle>
            <Checkbox>需要师傅返还旧件</Checkbox>
          </Form.Item>
          {returnParts && (
            <Form.Item name="addressId" noStyle>
              <Select
                placeholder={addresses.length ? '选择返件收货地址' : '请先在基本信息中添加收货地址'}
                style={{ width: 420 }}
                options={addresses.map((a) => ({ value: a.id, label: `${a.realName} ${a.phone} ${a.detailAddress}（${ADDRESS_PAYMENT_TYPE.label(a.paymentType)}）` }))}
                allowClear
              />
            </Form.Item>
          )}
        </Space>
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="doorTime" label="上门时间">
            <DatePicker
              showTime={{ format: 'HH:mm', defaultValue: dayjs('15:30', 'HH:mm') }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={disabledDoorDate}
              style={{ width: '100%' }}
              placeholder="请选择上门时间"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="orderSource" label="店铺名称">
            <Input maxLength={100} placeholder="选填" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="orderSourceNum" label="电商单号">
            <Input maxLength={100} placeholder="选填" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remarks" label="订单备注" rules={[{ max: 400, message: ORDER_MSG.text400 }]}>
        <Input.TextArea rows={3} maxLength={400} showCount placeholder="选填，最多400字" />
      </Form.Item>
      {parole === 2 && <Typography.Text type="secondary">保外订单费用由客户与师傅现场结算，下单后无需支付。</Typography.Text>}
    </Card>
  );
}
