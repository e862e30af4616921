import { Button, Card, Drawer, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { App } from 'antd';
import { useState } from 'react';
import { MSG } from '@portal/domain/messages';
import type { AccountRecord } from '@portal/domain/wallet';
import { usePlatformVendors, useVendorRecords, type PlatformVendor } from '../../features/wallet/api/platform-wallet';
import { AdjustBalanceDialog } from '../../features/wallet/components/adjust-balance-dialog';
import { formatYuan } from '../../features/wallet/components/money-text';
import { RECORD_TABLE_WIDTH, recordColumns } from '../../features/wallet/components/record-columns';
import '../../features/wallet/components/wallet.css';
import { usePaging } from '../../lib/paging';
import { useUrlList, type UrlFields } from '../../lib/url-list-state';

function VendorLedger({ vendor, onClose }: { vendor: PlatformVendor | null; onClose: () => void }) {
  const paging = usePaging(10);
  const { pageNum, pageSize } = paging;
  const list = useVendorRecords(vendor?.id ?? null, { pageNum, pageSize });
  return (
    <Drawer open={!!vendor} onClose={onClose} size={1100} title={vendor ? `${vendor.company} · 收支明细` : ''} destroyOnHidden>
      <Table<AccountRecord>
        rowKey="id"
        size="small"
        columns={recordColumns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: RECORD_TABLE_WIDTH }}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
    </Drawer>
  );
}

/** 厂家资金: every vendor's balance; adjust with a platform payment type; the ledger of one vendor. */
const URL_FIELDS: UrlFields<{ keyword?: string }> = { keyword: 'string' };

export default function VendorsScreen() {
  const { message } = App.useApp();
  // Keyword and page in the URL (decision 161); the ledger drawer keeps its own page.
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const keyword = filters.keyword ?? '';
  const setKeyword = (k: string) => setFilters({ keyword: k || undefined });
  const { pageNum, pageSize } = paging;
  const [adjusting, setAdjusting] = useState<PlatformVendor | null>(null);
  const [viewing, setViewing] = useState<PlatformVendor | null>(null);
  const list = usePlatformVendors({ keyword: keyword || undefined, pageNum, pageSize });

  const columns: TableColumnsType<PlatformVendor> = [
    { title: '厂家', dataIndex: 'company', width: 220 },
    { title: '简称', dataIndex: 'name', width: 120 },
    { title: '主账号手机', dataIndex: 'phone', width: 130 },
    { title: '余额（元）', dataIndex: 'balance', width: 140, align: 'right', render: (v: number) => <b className="wallet-num">{formatYuan(v)}</b> },
    { title: '待确认充值', dataIndex: 'pendingRecharges', width: 110, render: (n: number) => (n > 0 ? <Tag color="gold">{n} 笔</Tag> : <span className="wallet-muted">—</span>) },
    { title: '注册时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, v) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setAdjusting(v)}>
            调整余额
          </Button>
          <Button type="link" size="small" onClick={() => setViewing(v)}>
            收支明细
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="厂家资金" variant="borderless">
      <Input.Search
        allowClear
        placeholder="厂家名称 / 简称 / 手机号"
        key={keyword}
        defaultValue={keyword}
        style={{ width: 300, marginBottom: 16 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          paging.toFirstPage();
        }}
      />
      <Table<PlatformVendor>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 1060 }}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0, { unit: '家' })}
      />
      <AdjustBalanceDialog
        vendor={adjusting}
        onClose={(done) => {
          setAdjusting(null);
          if (done) message.success('余额已调整');
        }}
      />
      <VendorLedger vendor={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
