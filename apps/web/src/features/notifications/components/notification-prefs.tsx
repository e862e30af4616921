import { App, Card, Skeleton, Switch, Table, Typography } from 'antd';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../api/notifications';

/** Per-type delivery on the account screen: in the portal always, by SMS to the account's phone too when switched on. */
export function NotificationPrefs() {
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const { message } = App.useApp();
  return (
    <Card title="通知设置" data-testid="notification-prefs">
      <Typography.Paragraph type="secondary">所有通知都会显示在页面右上角的铃铛中；打开短信后，同时发送短信到本账号绑定的手机号。</Typography.Paragraph>
      {prefs.isLoading ? (
        <Skeleton active />
      ) : (
        <Table
          size="small"
          rowKey="type"
          pagination={false}
          dataSource={prefs.data ?? []}
          columns={[
            { title: '通知类型', dataIndex: 'label' },
            { title: '站内通知', render: () => <Typography.Text type="success">始终开启</Typography.Text> },
            {
              title: '短信通知',
              render: (_, p) => (
                <Switch
                  size="small"
                  aria-label={`${p.label}短信通知`}
                  checked={p.sms}
                  loading={save.isPending}
                  onChange={(on) => save.mutate([{ type: p.type, sms: on }], { onSuccess: () => void message.success('保存成功') })}
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
