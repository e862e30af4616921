import { Descriptions, Empty, Form, Input, Modal, Select, Spin } from 'antd';
import { MSG } from '@portal/domain/messages';
import { submissionAddBody } from '@portal/domain/orders';
import { zodRule } from '../../../../lib/form-rules';
import { useAddPartsShipping } from '../../api/add-parts-shipping';
import { useLogisticsCompanies } from '../../api/get-logistics-companies';
import { usePartsApplication } from '../../api/get-parts-application';

const fields = submissionAddBody.shape;

/** 配件寄件信息: company, tracking number (and recipient phone for 顺丰) — fillable only once. */
export function PartsShippingDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const q = usePartsApplication(orderId, open);
  const companies = useLogisticsCompanies();
  const add = useAddPartsShipping();
  const [form] = Form.useForm<{ company: string; trackingNum: string; phone: string }>();
  const company = Form.useWatch('company', form) ?? '';
  const a = q.data;
  const filled = !!a?.filled || !!a?.trackingNum;
  const submit = async () => {
    if (!a || filled) return onClose();
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await add.mutateAsync({ orderId, materialSubmissionId: a.id, company: v.company, trackingNum: v.trackingNum.trim(), phone: company.includes('顺丰') ? (v.phone ?? '').trim() : '' });
    onClose();
  };
  return (
    <Modal
      title="配件寄件信息"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={filled ? '关闭' : MSG.confirm}
      cancelText={MSG.cancel}
      confirmLoading={add.isPending}
      cancelButtonProps={{ style: filled ? { display: 'none' } : undefined }}
      destroyOnHidden
    >
      {q.isPending ? (
        <Spin />
      ) : !a ? (
        <Empty description={MSG.emptyList} />
      ) : filled ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="快递公司">{a.company}</Descriptions.Item>
          <Descriptions.Item label="快递单号">{a.trackingNum}</Descriptions.Item>
          {a.company.includes('顺丰') && <Descriptions.Item label="收件人电话">{a.phone}</Descriptions.Item>}
        </Descriptions>
      ) : (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="所需配件">{a.applyAccessories}</Form.Item>
          <Form.Item name="company" label="快递公司" rules={[zodRule(fields.company)]}>
            <Select placeholder="请选择快递公司" options={(companies.data ?? []).map((c) => ({ value: c.name, label: c.name }))} showSearch />
          </Form.Item>
          <Form.Item name="trackingNum" label="快递单号" rules={[zodRule(fields.trackingNum)]}>
            <Input placeholder="请输入快递单号" maxLength={50} />
          </Form.Item>
          {company.includes('顺丰') && (
            <Form.Item name="phone" label="收件人手机号" rules={[{ required: true, message: '请输入收件人手机号' }, { pattern: /^1[3-9]\d{9}$/, message: MSG.phoneFormat }]}>
              <Input placeholder="顺丰快递需填写收件人手机号" maxLength={11} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
