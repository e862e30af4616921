import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, ConfigProvider, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import type { AccountRecord } from '@portal/domain/wallet';
import { paths } from '../../../config/paths';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { useAccess } from '../../../lib/access';
import { exportRecords } from '../../../features/wallet/api/export-records';
import { useRecords, type RecordFilters } from '../../../features/wallet/api/get-records';
import { BalanceCard } from '../../../features/wallet/components/balance-card';
import { RECORD_TABLE_THEME, RECORD_TABLE_WIDTH, recordColumns } from '../../../features/wallet/components/record-columns';
import { RecordFiltersBar } from '../../../features/wallet/components/record-filters';
import '../../../features/wallet/components/wallet.css';
import { useUrlList, type UrlFields } from '../../../lib/url-list-state';
import { STICKY_TABLE } from '../../../lib/table-props';

// Applied filters and page in the URL (decision 161).
const URL_FIELDS: UrlFields<RecordFilters> = { orderNo: 'string', changeType: 'number', paymentType: 'number', minPayTime: 'string', maxPayTime: 'string' };

/** 收支明细 (spec 01 §2 account): balance with top-up, filters, ledger table, export. Needs app:account:list. */
export default function AccountScreen() {
  return (
    <RequirePermission perm={PERM.accountList}>
      <Ledger />
    </RequirePermission>
  );
}

function Ledger() {
  const navigate = useNavigate();
  const { can } = useAccess();
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const { pageNum, pageSize } = paging;
  const [exporting, setExporting] = useState(false);
  const list = useRecords({ ...filters, pageNum, pageSize });

  const runExport = async (f: RecordFilters) => {
    setExporting(true);
    try {
      await exportRecords(f);
    } catch {
      // the request layer has shown the failure
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title="收支明细" variant="borderless">
      <BalanceCard
        extra={
          can(PERM.accountRecharge) ? (
            <Button size="large" icon={<PlusOutlined />} onClick={() => navigate(paths.manage.accountRecharge.getHref())}>
              充值
            </Button>
          ) : null
        }
      />
      <RecordFiltersBar
        exporting={exporting}
        onExport={runExport}
        value={filters}
        onApply={setFilters}
      />
      <ConfigProvider theme={RECORD_TABLE_THEME}>
        <Table<AccountRecord>
          rowKey="id"
          size="middle"
          columns={recordColumns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          scroll={{ x: RECORD_TABLE_WIDTH }}
          sticky={STICKY_TABLE}
          locale={{ emptyText: MSG.emptyList }}
          pagination={paging.pagination(list.data?.total ?? 0)}
        />
      </ConfigProvider>
    </Card>
  );
}
