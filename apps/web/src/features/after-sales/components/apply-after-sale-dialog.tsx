import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { SLA_MSG } from '@portal/domain/sla';
import { afterSaleApplyBody, compensationMoney, VOUCHER_MAX_FILES } from '@portal/domain/after-sales';
import { afterSaleType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { UploadField } from '../../../components/upload';
import { zodRule } from '../../../lib/form-rules';
import { useApplyAfterSale } from '../api/apply-after-sale';
import { useReasons } from '../api/get-reasons';

interface Values {
  type: number;
  money?: string;
  reasons: string[];
  description: string;
  voucher?: string;
}

const fields = afterSaleApplyBody.in.shape;

/**
 * 申请售后 (spec 02 §5 After-sales apply): type 赔偿 / 售后, reasons fetched per type, the amount
 * for compensation only, a description (≤ 400) and voucher pictures of the vendor's own uploads.
 */
export function ApplyAfterSaleDialog({ orderId, orderNo, open, onClose, slaBreaches = 0 }: { orderId: number; orderNo?: string; open: boolean; onClose: () => void; slaBreaches?: number }) {
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 1;
  const reasons = useReasons(type, open);
  const apply = useApplyAfterSale();

  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await apply.mutateAsync({
      orderId,
      type: v.type,
      money: v.type === 1 ? String(v.money ?? '').trim() : undefined,
      reasons: v.reasons,
      description: v.description.trim(),
      voucher: v.voucher ?? '',
    });
    onClose();
  };

  return (
    <Modal
      title="申请售后"
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={apply.isPending}
      okText={MSG.confirm}
      cancelText={MSG.cancel}
      destroyOnHidden
      width={560}
    >
      {/* An order that went past its timeliness target (issue 19): the breach is offered as the compensation reason. */}
      {slaBreaches > 0 && type === 1 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="sla-breach-hint" title={`该订单有 ${slaBreaches} 个服务阶段超时，可选择“${SLA_MSG.breachReason}”申请赔偿，由平台审核。`} />
      )}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ type: 1, reasons: slaBreaches > 0 ? [SLA_MSG.breachReason] : [] }} data-testid="apply-after-sale">
        {orderNo && <Form.Item label="订单编号">{orderNo}</Form.Item>}
        <Form.Item name="type" label="申请类型" rules={[zodRule(fields.type)]}>
          <Radio.Group options={afterSaleType.options} onChange={() => form.setFieldValue('reasons', [])} />
        </Form.Item>
        <Form.Item name="reasons" label="申请原因" rules={[zodRule(fields.reasons)]}>
          <Select
            mode="multiple"
            placeholder="请选择申请原因"
            loading={reasons.isPending}
            options={(reasons.data ?? []).map((r) => ({ value: r.content, label: r.content }))}
          />
        </Form.Item>
        {type === 1 && (
          <Form.Item name="money" label="赔偿金额（元）" rules={[zodRule(compensationMoney)]}>
            <Input placeholder={MSG.compensationRequired} inputMode="numeric" suffix="元" />
          </Form.Item>
        )}
        <Form.Item name="description" label="申请说明" rules={[zodRule(fields.description)]}>
          <Input.TextArea placeholder={MSG.descriptionRequired} rows={4} maxLength={400} showCount />
        </Form.Item>
        <Form.Item name="voucher" label="凭证" extra={`支持 png/jpg/jpeg，最多 ${VOUCHER_MAX_FILES} 张`}>
          <UploadField dir="afterSale" maxCount={VOUCHER_MAX_FILES} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
