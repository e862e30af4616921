import { Alert, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@portal/domain/messages';
import { INVOICE_MSG, INVOICE_TYPE, invoiceFields, invoiceType } from '@portal/domain/statements';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/request';
import { formatYuan } from '../../../lib/yuan';
import { invoiceableQuery, useApplyInvoice } from '../api/statements';

interface Values {
  invoiceType: number;
  title?: string;
  taxpayerId?: string;
  email?: string;
  bankName?: string;
  bankAccount?: string;
  registeredAddress?: string;
  registeredPhone?: string;
  months?: string[];
  orderNos?: string;
}

const shape = invoiceFields.shape;
const requiredFor = (msg: string) => ({ required: true, whitespace: true, message: msg });

/**
 * 申请开票: the header of the invoice and the ended months whose spend it covers. `ordersOnly`: a
 * sub-account whose orders are 本人数据 invoices its own orders, not months (decision 273).
 */
export function InvoiceApplyDialog({ open, onClose, ordersOnly = false }: { open: boolean; onClose: (done: boolean) => void; ordersOnly?: boolean }) {
  const [form] = Form.useForm<Values>();
  const apply = useApplyInvoice();
  const months = useQuery(invoiceableQuery(open && !ordersOnly));
  const type = Form.useWatch('invoiceType', form);
  const chosen = Form.useWatch('months', form) ?? [];
  const total = (months.data ?? []).filter((m) => chosen.includes(m.month)).reduce((s, m) => s + m.amount, 0);
  const special = type === INVOICE_TYPE.special;
  return (
    <Modal
      open={open}
      title="申请开票"
      okText="提交申请"
      cancelText="取消"
      width={640}
      okButtonProps={{ loading: apply.isPending }}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={async () => {
        // An empty or wrong form shows its messages; the rejection must not escape (issue 48 item 11).
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        try {
          const orderNos = (v.orderNos ?? '').split(/[\s,，]+/).filter(Boolean);
          await apply.mutateAsync({ ...v, invoiceType: v.invoiceType as 1 | 2, title: v.title ?? '', taxpayerId: v.taxpayerId ?? '', email: v.email ?? '', months: v.months ?? [], orderNos });
          onClose(true);
        } catch (e) {
          if (!isApiError(e)) throw e;
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ invoiceType: INVOICE_TYPE.normal, months: [] }} preserve={false}>
        <Form.Item name="invoiceType" label="发票类型" required>
          <Radio.Group options={invoiceType.options} />
        </Form.Item>
        <Form.Item name="title" label="发票抬头" required rules={[zodRule(shape.title)]}>
          <Input maxLength={100} placeholder="与营业执照一致的单位名称" />
        </Form.Item>
        <Form.Item name="taxpayerId" label="纳税人识别号" required rules={[zodRule(shape.taxpayerId)]}>
          <Input maxLength={20} placeholder="统一社会信用代码" />
        </Form.Item>
        <Form.Item name="email" label="接收邮箱" required rules={[zodRule(shape.email)]}>
          <Input maxLength={100} placeholder="开具后发送到此邮箱" />
        </Form.Item>
        {special ? (
          <>
            <Form.Item name="bankName" label="开户银行" rules={[requiredFor(INVOICE_MSG.bankRequired)]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="bankAccount" label="银行账号" rules={[requiredFor(INVOICE_MSG.bankRequired)]}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="registeredAddress" label="注册地址" rules={[requiredFor(INVOICE_MSG.addressRequired)]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="registeredPhone" label="注册电话" rules={[requiredFor(INVOICE_MSG.addressRequired)]}>
              <Input maxLength={30} />
            </Form.Item>
          </>
        ) : null}
        {ordersOnly ? <Alert type="info" showIcon message={MSG.invoiceOwnOrdersOnly} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          hidden={ordersOnly}
          name="months"
          label="开票月份（已结账月份的支出，扣除已开票和退款）"
          dependencies={['orderNos']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value?: string[]) => {
                if (!ordersOnly && !value?.length && !String(getFieldValue('orderNos') ?? '').trim()) throw new Error(INVOICE_MSG.selectionRequired);
              },
            }),
          ]}
        >
          <Checkbox.Group className="invoice-months">
            {(months.data ?? []).map((m) => (
              <Checkbox key={m.month} value={m.month} disabled={m.amount <= 0}>
                {m.month}　可开票 ¥{formatYuan(m.amount)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="orderNos"
          label={ordersOnly ? '按订单开票：本人的已支付订单号（每行一个）' : '或按订单开票：已支付的订单号（每行一个）'}
          rules={ordersOnly ? [requiredFor(INVOICE_MSG.selectionRequired)] : []}
        >
          <Input.TextArea rows={2} placeholder="例如 GD20261124093015123456" />
        </Form.Item>
        {!ordersOnly && months.data && months.data.length === 0 ? <Alert type="info" showIcon message="暂无已结账的月份" /> : null}
        {ordersOnly ? (
          <p>按订单开票的金额在提交后计算</p>
        ) : (
          <p>
            所选月份可开票：<b>¥{formatYuan(total)}</b>（按订单开票的金额在提交后计算）
          </p>
        )}
      </Form>
    </Modal>
  );
}
