import { Checkbox, Form, Input, Modal } from 'antd';
import { MSG } from '@portal/domain/messages';
import { customerModifyBody, type OrderListRow } from '@portal/domain/orders';
import { zodRule } from '../../../../lib/form-rules';
import { regionLabels, useRegionTree } from '../../api/get-region-tree';
import { useModifyCustomer } from '../../api/modify-customer';
import { RegionCascader } from '../region-cascader';

interface Values {
  realName: string;
  phone: string;
  virtual: boolean;
  phoneExtension: string;
  region: string[];
  detailAddress: string;
}

const regionRule = { validator: async (_: unknown, v?: string[]) => { if (!v || v.length < 3) throw new Error(MSG.regionRequired); } };

/** 修改客户信息 (status ≤ 400): name, phone, virtual-number extension, region, detail address. */
export function CustomerModifyDialog({ order, open, onClose }: { order: OrderListRow; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const tree = useRegionTree();
  const modify = useModifyCustomer();
  const virtual = Form.useWatch('virtual', form);
  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const names = regionLabels(tree.data ?? [], v.region) ?? [];
    await modify.mutateAsync({
      orderId: order.id,
      realName: v.realName.trim(),
      phone: v.phone.trim(),
      // The extension is sent empty when the checkbox is off (spec 02 §5).
      phoneExtension: v.virtual ? (v.phoneExtension ?? '').trim() : '',
      provinceId: v.region[0]!,
      cityId: v.region[1]!,
      districtId: v.region[2]!,
      provinceName: names[0] ?? '',
      cityName: names[1] ?? '',
      districtName: names[2] ?? '',
      detailAddress: v.detailAddress.trim(),
    });
    onClose();
  };
  return (
    <Modal title="修改客户信息" open={open} onCancel={onClose} onOk={submit} confirmLoading={modify.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden width={560}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          realName: order.realName,
          phone: order.phone,
          virtual: !!order.phoneExtension,
          phoneExtension: order.phoneExtension,
          region: order.provinceId ? [order.provinceId, order.cityId, order.districtId] : [],
          detailAddress: order.detailAddress,
        }}
      >
        <Form.Item name="realName" label="客户姓名" rules={[zodRule(customerModifyBody.shape.realName)]}>
          <Input placeholder="请输入姓名" maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label="客户手机号" rules={[zodRule(customerModifyBody.shape.phone)]}>
          <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="virtual" valuePropName="checked" style={{ marginBottom: virtual ? 8 : undefined }}>
          <Checkbox>虚拟号</Checkbox>
        </Form.Item>
        {virtual && (
          <Form.Item name="phoneExtension" label="分机号" rules={[zodRule(customerModifyBody.shape.phoneExtension)]}>
            <Input placeholder="请输入分机号" maxLength={10} inputMode="numeric" />
          </Form.Item>
        )}
        <Form.Item name="region" label="省市区" rules={[regionRule]}>
          <RegionCascader />
        </Form.Item>
        <Form.Item name="detailAddress" label="详细地址" rules={[zodRule(customerModifyBody.shape.detailAddress)]}>
          <Input.TextArea rows={3} maxLength={400} showCount placeholder="请输入详细地址" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
