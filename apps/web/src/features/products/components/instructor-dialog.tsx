import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { MSG } from '@portal/domain/messages';
import type { ProductRow } from '@portal/domain/products';
import { optionalPhone } from '@portal/domain/validation';
import { zodRule } from '../../../lib/form-rules';
import { notifier } from '../../../lib/notifier';
import { useUpdateProduct } from '../api/update-product';

/** Edit dialog (spec 02 §2.6): only the technical instructor's name and phone. */
export function InstructorDialog({ product, onClose }: { product: ProductRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; phone: string }>();
  const update = useUpdateProduct();
  useEffect(() => {
    if (product) form.setFieldsValue({ name: product.name, phone: product.phone });
  }, [product, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await update.mutateAsync({ id: product!.id, name: (v.name ?? '').trim(), phone: (v.phone ?? '').trim() });
    notifier().message.success(MSG.modifyOk);
    onClose();
  };
  return (
    <Modal
      open={!!product}
      title="编辑技术指导"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
      okText={MSG.confirm}
      cancelText={MSG.cancel}
    >
      {product && (
        <p className="product-muted">
          {product.categoryPath} · {product.modelName}
        </p>
      )}
      <Form form={form} layout="vertical">
        <Form.Item label="技术指导姓名" name="name" rules={[{ max: 30, message: '姓名最多30个字符' }]}>
          <Input placeholder="请输入技术指导姓名" maxLength={30} allowClear />
        </Form.Item>
        <Form.Item label="技术指导电话" name="phone" rules={[zodRule(optionalPhone)]}>
          <Input placeholder="请输入技术指导手机号" maxLength={11} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
