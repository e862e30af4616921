import { App, Button, Card, Checkbox, Col, Form, Input, Row, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { MSG } from '@portal/domain/messages';
import { addressTextBody, orderAddBody, ORDER_MSG } from '@portal/domain/orders';
import { firstMessage } from '@portal/domain/validation';
import { zodRule } from '../../../../lib/form-rules';
import { regionByNames, regionLabels, useRegionTree } from '../../api/get-region-tree';
import { resolveAddress } from '../../api/resolve-address';
import { RegionCascader } from '../region-cascader';
import type { OrderFormValues } from './order-form-values';

const shape = orderAddBody.in.shape;
const regionRule = { validator: async (_: unknown, v?: string[]) => { if (!v || v.length < 3) throw new Error(MSG.regionRequired); } };

/** 客户信息 with address recognition: pasted text → name, phone(s), province/city/district, detail. */
export function CustomerCard({ form }: { form: FormInstance<OrderFormValues> }) {
  const { message } = App.useApp();
  const tree = useRegionTree();
  const virtual = Form.useWatch('virtual', form);
  const [busy, setBusy] = useState(false);

  const recognise = async () => {
    const text = (form.getFieldValue('addressText') as string | undefined) ?? '';
    const check = addressTextBody.safeParse(text);
    if (!check.success) return void message.warning(firstMessage(check.error));
    setBusy(true);
    try {
      const found = (await resolveAddress(check.data))?.[0];
      if (!found) return void message.warning('未识别到地址信息，请检查后重试');
      const x = found.xzq ?? ({} as NonNullable<typeof found.xzq>);
      const codes = [x.provinceCode, x.pCode, x.code].filter(Boolean);
      const region = codes.length === 3 && regionLabels(tree.data ?? [], codes) ? codes : regionByNames(tree.data ?? [], [x.province, x.city, x.district].filter(Boolean));
      const [mobile, second] = found.mobile ?? [];
      form.setFieldsValue({
        ...(found.name ? { realName: found.name } : {}),
        ...(mobile ? { phone: mobile } : {}),
        ...(second && /^\d{1,10}$/.test(second) ? { virtual: true, phoneExtension: second } : {}),
        ...(region ? { region } : {}),
        ...(found.detail || x.subArea ? { detailAddress: found.detail || x.subArea } : {}),
      });
      void form.validateFields(['realName', 'phone', 'region', 'detailAddress']).catch(() => undefined);
      message.success('识别成功');
    } catch {
      // the request layer has shown the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="客户信息">
      <Form.Item label="地址识别" extra="粘贴包含姓名、电话、地址的文本，自动识别填写">
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="addressText" noStyle rules={[{ max: 400, message: ORDER_MSG.text400 }]}>
            <Input.TextArea rows={2} maxLength={400} placeholder="例如：张三 13812345678 上海市闵行区申长路988弄2号楼" data-testid="address-text" />
          </Form.Item>
          <Button type="primary" loading={busy} onClick={() => void recognise()} style={{ height: 'auto' }} data-action="recognise">识别</Button>
        </Space.Compact>
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="realName" label="客户姓名" rules={[zodRule(shape.realName)]}>
            <Input placeholder="请输入客户姓名" maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="phone" label="客户手机号" required rules={[zodRule(shape.phone)]}>
            <Input placeholder="请输入客户手机号码" maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="虚拟号">
            <Space>
              <Form.Item name="virtual" valuePropName="checked" noStyle>
                <Checkbox>虚拟号</Checkbox>
              </Form.Item>
              {virtual && (
                <Form.Item name="phoneExtension" noStyle rules={[zodRule(shape.phoneExtension)]}>
                  <Input placeholder="分机号" maxLength={10} style={{ width: 140 }} inputMode="numeric" />
                </Form.Item>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="region" label="省市区" required rules={[regionRule]}>
            <RegionCascader />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="detailAddress" label="详细地址" required rules={[zodRule(shape.detailAddress)]}>
            <Input placeholder="请输入详细地址（街道、小区、门牌号）" maxLength={400} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
