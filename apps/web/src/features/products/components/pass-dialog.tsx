import { Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { PRICE_LABEL, type PriceField } from '@portal/domain/enums';
import { PRODUCT_TEXT, RULE_LABEL, guideKey, offeredFields, type PlatformProductRow, type RuleField } from '@portal/domain/products';
import { notifier } from '../../../lib/notifier';
import { useReviewDecision, type PassBody } from '../api/review-products';

/** Repair rules belong to the repair-type services they describe. */
const RULE_OF: Partial<Record<PriceField, RuleField>> = { repair: 'repairRule', overhaul: 'overhaulRule', medium: 'mediumRule', minor: 'minorRule' };

/** Platform review, pass: an out-of-warranty guide price for every offered service, and the repair rules. */
export function PassDialog({ product, onClose }: { product: PlatformProductRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Record<string, number | string | undefined>>();
  const { pass } = useReviewDecision();
  const offered = product ? offeredFields(product) : [];
  const rules = offered.map((f) => RULE_OF[f]).filter((r): r is RuleField => !!r);

  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: PassBody = { id: product!.id };
    for (const f of offered) body[guideKey(f)] = Number(v[guideKey(f)]);
    for (const r of rules) body[r] = String(v[r] ?? '').trim();
    await pass.mutateAsync(body);
    notifier().message.success('审核通过');
    onClose();
  };

  return (
    <Modal open={!!product} title="审核通过" onOk={submit} onCancel={onClose} okText="确认通过" confirmLoading={pass.isPending} destroyOnHidden width={640}>
      {product && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="厂家">{product.vendorCompany}</Descriptions.Item>
            <Descriptions.Item label="型号">{product.modelName}</Descriptions.Item>
            <Descriptions.Item label="分类" span={2}>{product.categoryPath}</Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="horizontal" labelCol={{ flex: '170px' }} preserve={false}>
            {offered.map((f) => (
              <Form.Item
                key={f}
                label={`${PRICE_LABEL[f]} 保外指导价`}
                name={guideKey(f)}
                extra={`保内价 ¥${product[f]!.toFixed(2)}`}
                rules={[{ required: true, message: PRODUCT_TEXT.guideRequired(f) }]}
              >
                <InputNumber min={0.01} max={99_999_999} precision={2} suffix="元" style={{ width: 180 }} />
              </Form.Item>
            ))}
            {rules.map((r) => (
              <Form.Item key={r} label={RULE_LABEL[r]} name={r} rules={[{ max: 400, message: '规则最多输入400个字符' }]}>
                <Input.TextArea rows={2} maxLength={400} showCount placeholder="说明该维修类型适用的故障范围" />
              </Form.Item>
            ))}
          </Form>
        </>
      )}
    </Modal>
  );
}
