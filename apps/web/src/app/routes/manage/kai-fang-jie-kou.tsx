import { Card, Result, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { MSG } from '@portal/domain/messages';
import { ApiKeysPanel } from '../../../features/integrations/components/api-keys-panel';
import { WebhooksPanel } from '../../../features/integrations/components/webhooks-panel';
import { useAccess } from '../../../lib/access';
import '../../../features/integrations/components/integrations.css';

/** 开放接口 (issue 18): API keys and webhooks; main accounts only. */
export default function KaiFangJieKouScreen() {
  const { isMain, loading } = useAccess();
  // a Webhook推送失败 notification opens the Webhook tab
  const [search] = useSearchParams();
  if (!loading && !isMain) return <Result status="403" title={MSG.forbidden} />;
  return (
    <Card title="开放接口" className="acc-page">
      <Tabs
        destroyOnHidden
        defaultActiveKey={search.get('tab') === 'webhooks' ? 'webhooks' : 'keys'}
        items={[
          { key: 'keys', label: 'API 密钥', children: <ApiKeysPanel /> },
          { key: 'webhooks', label: 'Webhook 推送', children: <WebhooksPanel /> },
        ]}
      />
    </Card>
  );
}
