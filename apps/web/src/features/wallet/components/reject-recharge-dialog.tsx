import { Form, Input, Modal } from 'antd';
import { rejectBody, REMARKS_MAX } from '@portal/domain/wallet';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/request';
import { useRejectRecharge, type PlatformRecharge } from '../api/platform-wallet';
import { formatYuan } from './money-text';

/** Refuse a top-up with a reason; the vendor reads the reason in the ledger's remarks. */
export function RejectRechargeDialog({ recharge, onClose }: { recharge: PlatformRecharge | null; onClose: (rejected: boolean) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectRecharge();
  return (
    <Modal
      open={!!recharge}
      title="驳回充值"
      okText="确认驳回"
      okButtonProps={{ danger: true, loading: reject.isPending }}
      cancelText="取消"
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        const { reason } = v;
        try {
          await reject.mutateAsync({ id: recharge!.id, reason: reason.trim() });
          form.resetFields();
          onClose(true);
        } catch (e) {
          if (!isApiError(e)) throw e;
        }
      }}
    >
      {recharge ? (
        <p>
          {recharge.company} 的充值 <b>¥{formatYuan(recharge.amount)}</b>（流水号 {recharge.transactionFlowNo}）
        </p>
      ) : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="驳回原因" required rules={[zodRule(rejectBody.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={REMARKS_MAX} showCount placeholder="如：未查询到该笔入账，请核对后重新提交" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
