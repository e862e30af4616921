import { Button, Card, Image, Input, Popconfirm, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { App } from 'antd';
import { useState } from 'react';
import { PAY_STATUS, PAY_STATUS_REJECTED } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { WALLET_MSG } from '@portal/domain/wallet';
import { isApiError } from '../../lib/request';
import { useConfirmRecharge, useRecharges, type PlatformRecharge } from '../../features/wallet/api/platform-wallet';
import { formatYuan } from '../../features/wallet/components/money-text';
import { PayStatusTag } from '../../features/wallet/components/pay-status-tag';
import { RejectRechargeDialog } from '../../features/wallet/components/reject-recharge-dialog';
import '../../features/wallet/components/wallet.css';
import { useUrlList, type UrlFields } from '../../lib/url-list-state';

const TABS = [
  { key: String(PAY_STATUS.awaitingConfirm), label: '待确认' },
  { key: String(PAY_STATUS.confirmed), label: '已确认' },
  { key: String(PAY_STATUS_REJECTED), label: '已驳回' },
  { key: 'all', label: '全部' },
];

/** 充值审核: vendors' top-ups with their proof; confirm (balance rises) or reject with a reason. */
const URL_FIELDS: UrlFields<{ tab?: string; keyword?: string }> = { tab: 'string', keyword: 'string' };

export default function RechargesScreen() {
  const { message } = App.useApp();
  // Tab, keyword and page in the URL (decision 161).
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const tab = filters.tab ?? String(PAY_STATUS.awaitingConfirm);
  const keyword = filters.keyword ?? '';
  const setTab = (t: string) => setFilters((f) => ({ ...f, tab: t === String(PAY_STATUS.awaitingConfirm) ? undefined : t }));
  const setKeyword = (k: string) => setFilters((f) => ({ ...f, keyword: k || undefined }));
  const { pageNum, pageSize } = paging;
  const [rejecting, setRejecting] = useState<PlatformRecharge | null>(null);
  const list = useRecharges({ payStatus: tab === 'all' ? undefined : Number(tab), keyword: keyword || undefined, pageNum, pageSize });
  const confirm = useConfirmRecharge();

  const onConfirm = async (r: PlatformRecharge) => {
    try {
      const res = await confirm.mutateAsync(r.id);
      message.success(`${WALLET_MSG.confirmOk}，${r.company} 当前余额 ¥${formatYuan(res.balance)}`);
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  };

  const pendingTab = tab === String(PAY_STATUS.awaitingConfirm);
  const allColumns: TableColumnsType<PlatformRecharge> = [
    {
      title: '厂家',
      key: 'vendor',
      width: 200,
      render: (_, r) => (
        <span>
          {r.company}
          <br />
          <span className="wallet-muted">{r.phone}</span>
        </span>
      ),
    },
    { title: '充值金额（元）', dataIndex: 'amount', width: 130, align: 'right', render: (v: number) => <b className="wallet-num">{formatYuan(v)}</b> },
    {
      title: '支付凭证',
      dataIndex: 'credentialsUrl',
      width: 100,
      render: (url: string, r) => (url ? <Image src={url} width={56} height={56} className="wallet-proof-thumb" alt={`${r.company} 的支付凭证`} /> : '—'),
    },
    { title: '备注', dataIndex: 'remarks', width: 180, ellipsis: { showTitle: true }, render: (v: string) => v || <span className="wallet-muted">—</span> },
    { title: '提交时间', dataIndex: 'payTime', width: 170 },
    { title: '交易流水号', dataIndex: 'transactionFlowNo', width: 215, render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text> },
    { title: '状态', key: 'payStatus', dataIndex: 'payStatus', width: 90, render: (v: number, r) => <PayStatusTag status={v} reason={r.rejectReason} /> },
    {
      title: '处理',
      key: 'handled',
      width: 190,
      render: (_, r) =>
        r.payStatus === PAY_STATUS.awaitingConfirm ? (
          <span className="wallet-muted">—</span>
        ) : (
          <span>
            {r.operator} · {r.handledTime}
            {r.rejectReason ? (
              <>
                <br />
                <span className="wallet-muted">原因：{r.rejectReason}</span>
              </>
            ) : null}
          </span>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) =>
        r.payStatus === PAY_STATUS.awaitingConfirm ? (
          <Space size={4}>
            <Popconfirm
              title="确认到账"
              description={`确认已收到 ${r.company} 的 ¥${formatYuan(r.amount)} 并增加其余额？`}
              okText={MSG.confirm}
              cancelText={MSG.cancel}
              onConfirm={() => onConfirm(r)}
            >
              <Button type="link" size="small">
                确认到账
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
              驳回
            </Button>
          </Space>
        ) : (
          <span className="wallet-muted">已处理</span>
        ),
    },
  ];

  // The queue of pending top-ups needs no status or handling columns.
  const columns = pendingTab ? allColumns.filter((c) => c.key !== 'handled' && c.key !== 'payStatus') : allColumns;

  return (
    <Card title="充值审核" variant="borderless">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k);
            paging.toFirstPage();
          }}
          items={TABS}
        />
        <Input.Search
          allowClear
          placeholder="厂家名称 / 手机号 / 流水号"
          key={keyword}
          defaultValue={keyword}
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            paging.toFirstPage();
          }}
        />
      </Space>
      <Table<PlatformRecharge>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: pendingTab ? 1150 : 1430 }}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <RejectRechargeDialog
        recharge={rejecting}
        onClose={(done) => {
          setRejecting(null);
          if (done) message.success(WALLET_MSG.rejectOk);
        }}
      />
    </Card>
  );
}
