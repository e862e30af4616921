import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { INTEGRATION_MSG, WEBHOOK_EVENTS, WEBHOOK_URL_MAX, webhookEvents, webhookUrl, type WebhookRow } from '@portal/domain/integrations';
import { MSG } from '@portal/domain/messages';
import { WEBHOOK_NO_REDIRECT } from '@portal/domain/webhook-failures';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { zodRule } from '../../../lib/form-rules';

interface Props {
  open: boolean;
  editing: WebhookRow | null;
  onClose: () => void;
}

/** Add or edit a webhook endpoint: its URL and the events it receives. */
export function WebhookDialog({ open, editing, onClose }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ url: string; events: string[] }>();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(editing ? { url: editing.url, events: editing.events } : { url: '', events: WEBHOOK_EVENTS.map((e) => e.value) });
  }, [open, editing, form]);

  const onOk = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      if (editing) await update.mutateAsync({ id: editing.id, url: v.url.trim(), events: v.events });
      else await create.mutateAsync({ url: v.url.trim(), events: v.events });
      message.success(INTEGRATION_MSG.saved);
      onClose();
    } catch {
      // shown by the request layer
    }
  };

  return (
    <Modal
      title={editing ? '编辑接收地址' : '添加接收地址'}
      open={open}
      onCancel={onClose}
      onOk={onOk}
      confirmLoading={create.isPending || update.isPending}
      okText={MSG.confirm}
      cancelText={MSG.cancel}
      width={560}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="url" label="接收地址（URL）" required rules={[zodRule(webhookUrl)]} extra={`须为公网可访问的 http(s) 地址；事件以 POST JSON 推送，按 Standard Webhooks 规范签名。${WEBHOOK_NO_REDIRECT}。`}>
          <Input maxLength={WEBHOOK_URL_MAX} placeholder="https://example.com/portal/webhook" />
        </Form.Item>
        <Form.Item name="events" label="订阅事件" required rules={[zodRule(webhookEvents)]} className="int-events">
          <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e.value, label: `${e.label}（${e.value}）` }))} style={{ display: 'flex', flexDirection: 'column' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
