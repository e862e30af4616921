import { Card, Result, Tabs } from 'antd';
import { MSG } from '@portal/domain/messages';
import { SubAccountPermissions } from '../../../features/accounts/components/sub-account-permissions';
import { SubAccountTable } from '../../../features/accounts/components/sub-account-table';
import { useAccess } from '../../../lib/access';
import '../../../features/accounts/components/accounts.css';

/** 账户管理 (spec 01 §2 zhangHao): main accounts only. */
export default function ZhangHaoScreen() {
  const { isMain, loading } = useAccess();
  if (!loading && !isMain) return <Result status="403" title={MSG.forbidden} />;
  return (
    <Card title="账户管理" className="acc-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'list', label: MSG.tabSubAccounts, children: <SubAccountTable /> },
          { key: 'perm', label: MSG.tabSubAccountPermissions, children: <SubAccountPermissions /> },
        ]}
      />
    </Card>
  );
}
