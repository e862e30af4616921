import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { API_KEY_CAPABILITIES } from '@portal/domain/api-key-capabilities';
import { API_KEY_NAME_MAX, INTEGRATION_MSG, apiKeyCreateBody, type ApiKeyRow } from '@portal/domain/integrations';
import { MSG } from '@portal/domain/messages';
import { useApiKeys } from '../api/get-api-keys';
import { useCreateApiKey } from '../api/create-api-key';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { zodRule } from '../../../lib/form-rules';
import { useConfirm } from '../../../lib/use-confirm';

const nameRule = zodRule(apiKeyCreateBody.shape.name);
/** Every capability a key has, from the list the server checks keys against. */
const CAPABILITIES = API_KEY_CAPABILITIES.map((c) => c.label).join('、');

/** 开放接口 → API 密钥: create (the secret shown once, with copy), list with last use, revoke. */
export function ApiKeysPanel() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState(false);
  const [created, setCreated] = useState<{ keyId: string; secret: string } | null>(null);
  const [form] = Form.useForm<{ name?: string }>();

  const onCreate = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      setCreated(await create.mutateAsync(v.name ?? ''));
      setAsking(false);
      form.resetFields();
    } catch {
      // shown by the request layer
    }
  };

  const askRevoke = (row: ApiKeyRow) =>
    confirm(`停用后使用密钥 ${row.keyId} 的调用将被拒绝，且无法恢复。确定停用吗？`, async () => {
      await revoke.mutateAsync(row.id);
      message.success(INTEGRATION_MSG.keyRevoked);
    });

  const columns: TableColumnsType<ApiKeyRow> = [
    { title: '名称', dataIndex: 'name', render: (v: string) => v || '—' },
    { title: 'API Key', dataIndex: 'keyId', render: (v: string) => <Typography.Text className="int-mono" copyable={{ text: v }}>{v}</Typography.Text> },
    { title: '创建时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '最近使用',
      key: 'lastUsed',
      width: 220,
      render: (_, r) => (r.lastUsedAt ? `${r.lastUsedAt}${r.lastUsedIp ? `（${r.lastUsedIp}）` : ''}` : <Typography.Text type="secondary">从未使用</Typography.Text>),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" danger onClick={() => askRevoke(row)}>
          停用
        </Button>
      ),
    },
  ];

  return (
    <>
      <Alert
        className="int-intro"
        type="info"
        showIcon
        message="用自己的系统下单、支付、查询和取消订单"
        description={
          <>
            每次调用带请求头 <code>apikey</code>、<code>timestamp</code>（毫秒）和 <code>signature</code>，签名为 HMAC-SHA256(密钥, 请求方法\n路径\n排序后的查询串\ntimestamp\napikey\nSHA-256(请求体)) 的十六进制，与网页端相同，时间误差不超过 5 分钟。可调用：{CAPABILITIES}。详见接口文档
            <a href="/api/docs" target="_blank" rel="noreferrer"> /api/docs</a>。
          </>
        }
      />
      <div className="int-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)}>
          创建密钥
        </Button>
      </div>
      <Table rowKey="id" columns={columns} dataSource={keys.data ?? []} loading={keys.isFetching} locale={{ emptyText: MSG.emptyList }} pagination={false} />

      <Modal title="创建密钥" open={asking} onCancel={() => setAsking(false)} onOk={onCreate} confirmLoading={create.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label="名称（选填，便于区分用途）" rules={[nameRule]}>
            <Input maxLength={API_KEY_NAME_MAX} showCount placeholder="如：ERP 系统" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title={
          <Space>
            <KeyOutlined />
            密钥已创建
          </Space>
        }
        open={created !== null}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            我已保存
          </Button>
        }
        maskClosable={false}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={INTEGRATION_MSG.keyCreated} />
        <div className="int-secret">
          <div className="int-secret__label">API Key（apikey 请求头）</div>
          <Typography.Paragraph copyable={{ text: created?.keyId }}>{created?.keyId}</Typography.Paragraph>
          <div className="int-secret__label">密钥 Secret（用于计算签名，仅显示这一次）</div>
          <Typography.Paragraph copyable={{ text: created?.secret }}>{created?.secret}</Typography.Paragraph>
        </div>
      </Modal>
    </>
  );
}
