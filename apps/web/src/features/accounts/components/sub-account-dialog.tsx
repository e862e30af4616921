import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { MASKED_PASSWORD, type SubAccountRow } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { subAccountBody } from '@portal/domain/validation';
import { zodRule } from '../../../lib/form-rules';
import { useSaveSubAccount } from '../api/save-sub-account';

const rules = {
  name: [zodRule(subAccountBody.shape.name)],
  phone: [zodRule(subAccountBody.shape.phone)],
  account: [zodRule(subAccountBody.shape.account)],
  password: [zodRule(subAccountBody.shape.password)],
};

/** Add or edit a sub-account; on edit the password shows masked and stays unless retyped. */
export function SubAccountDialog({ open, editing, onClose }: { open: boolean; editing: SubAccountRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveSubAccount();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ name: editing.name, phone: editing.phone, account: editing.account, password: MASKED_PASSWORD });
  }, [open, editing, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ id: editing?.id, name: v.name.trim(), phone: (v.phone ?? '').trim(), account: v.account.trim(), password: v.password });
    } catch {
      return;
    }
    message.success(editing ? MSG.modifyOk : MSG.addOk);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑子账号' : '添加子账号'}
      onCancel={onClose}
      onOk={submit}
      okText={MSG.confirm}
      cancelText={MSG.cancel}
      confirmLoading={save.isPending}
      forceRender
      width={520}
    >
      <Form form={form} name="subAccount" layout="horizontal" labelCol={{ flex: '90px' }}>
        <Form.Item label="姓名" name="name" required rules={rules.name}>
          <Input placeholder="请输入姓名" maxLength={30} />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={rules.phone}>
          <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="登录账号" name="account" required rules={rules.account} extra="2-20 位数字、字母或汉字，用于子账号登录">
          <Input placeholder="请输入账号" maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item label="登录密码" name="password" required rules={rules.password}>
          <Input.Password
            placeholder="请输入密码"
            maxLength={20}
            autoComplete="new-password"
            onFocus={(e) => e.currentTarget.value === MASKED_PASSWORD && form.setFieldValue('password', '')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
