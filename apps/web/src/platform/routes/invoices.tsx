import { App, Button, Card, Form, Input, Modal, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '@portal/domain/messages';
import { INVOICE_MSG, INVOICE_STATUS, invoiceRejectBody, invoiceStatus, invoiceType } from '@portal/domain/statements';
import { UploadField } from '../../components/upload';
import { zodRule } from '../../lib/form-rules';
import { useUrlList, type UrlFields } from '../../lib/url-list-state';
import { isApiError } from '../../lib/request';
import { formatYuan } from '../../lib/yuan';
import { platformInvoiceListQuery, useDecideInvoice, type PlatformInvoiceRow } from '../../features/statements/api/statements';
import { PLATFORM_UPLOADS } from '../lib/platform-request';

const URL_FIELDS: UrlFields<{ tab?: string }> = { tab: 'string' };
const TABS = [...invoiceStatus.options.map((o) => ({ key: String(o.value), label: o.label })), { key: 'all', label: '全部' }];
const STATUS_COLOR: Record<number, string> = { [INVOICE_STATUS.requested]: 'blue', [INVOICE_STATUS.issued]: 'green', [INVOICE_STATUS.rejected]: 'red' };

/** 开票管理: vendors' invoice requests; issue one with its PDF or reject it with a reason. */
export default function PlatformInvoicesScreen() {
  const { message } = App.useApp();
  // Tab and page in the URL (decision 161).
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const tab = filters.tab ?? String(INVOICE_STATUS.requested);
  const list = useQuery(platformInvoiceListQuery({ status: tab === 'all' ? undefined : Number(tab), pageNum: paging.pageNum, pageSize: paging.pageSize }));
  const decide = useDecideInvoice();
  const [issuing, setIssuing] = useState<PlatformInvoiceRow | null>(null);
  const [rejecting, setRejecting] = useState<PlatformInvoiceRow | null>(null);
  const [issueForm] = Form.useForm<{ pdf?: string }>();
  const [rejectForm] = Form.useForm<{ reason?: string }>();

  const run = async (action: Parameters<typeof decide.mutateAsync>[0], ok: string) => {
    try {
      await decide.mutateAsync(action);
      message.success(ok);
      return true;
    } catch (e) {
      if (!isApiError(e)) throw e;
      return false;
    }
  };

  const columns: TableColumnsType<PlatformInvoiceRow> = [
    { title: '厂家', dataIndex: 'vendorName', width: 180 },
    { title: '申请编号', dataIndex: 'invoiceNo', width: 200 },
    {
      title: '抬头 / 税号',
      key: 'title',
      render: (_, r) => (
        <span>
          {r.title}
          <br />
          <span className="wallet-muted">{r.taxpayerId}</span>
        </span>
      ),
    },
    {
      title: '类型',
      dataIndex: 'invoiceType',
      width: 220,
      render: (v: number, r) => (
        <span>
          {invoiceType.label(v)}
          {r.bankName ? (
            <>
              <br />
              <span className="wallet-muted">
                {r.bankName} {r.bankAccount}
                <br />
                {r.registeredAddress} {r.registeredPhone}
              </span>
            </>
          ) : null}
        </span>
      ),
    },
    { title: '金额（元）', dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => <b>{formatYuan(v)}</b> },
    { title: '开票内容', key: 'what', width: 180, render: (_, r) => [...r.months.map((m) => `${m} 月`), ...r.orderNos].join('、') },
    { title: '邮箱', dataIndex: 'email', width: 180 },
    { title: '申请时间', dataIndex: 'createdAt', width: 170 },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <Tag color={STATUS_COLOR[v]}>{invoiceStatus.label(v)}</Tag> },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, r) =>
        r.status === INVOICE_STATUS.requested ? (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setIssuing(r)}>
              开票
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
              驳回
            </Button>
          </Space>
        ) : r.pdfUrl ? (
          <a href={r.pdfUrl} target="_blank" rel="noreferrer">
            查看发票
          </a>
        ) : (
          <span className="wallet-muted">{r.rejectReason || '已处理'}</span>
        ),
    },
  ];

  return (
    <Card title="开票管理" variant="borderless">
      <Tabs
        activeKey={tab}
        items={TABS}
        onChange={(k) => setFilters({ tab: k === String(INVOICE_STATUS.requested) ? undefined : k })}
      />
      <Table<PlatformInvoiceRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 1600 }}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <Modal
        open={!!issuing}
        title={`开票：${issuing?.vendorName ?? ''} ¥${formatYuan(issuing?.amount)}`}
        okText="确认开票"
        cancelText="取消"
        destroyOnHidden
        okButtonProps={{ loading: decide.isPending }}
        onCancel={() => setIssuing(null)}
        onOk={async () => {
          const v = await issueForm.validateFields().catch(() => null);
          if (!v) return;
          if (await run({ id: issuing!.id, pdf: v.pdf! }, INVOICE_MSG.issueOk)) setIssuing(null);
        }}
      >
        <Form form={issueForm} layout="vertical" preserve={false}>
          <Form.Item name="pdf" label="发票PDF" rules={[{ required: true, message: INVOICE_MSG.pdfRequired }]}>
            <UploadField dir="invoice" types={['pdf']} maxCount={1} display="list" buttonText="上传发票PDF" via={PLATFORM_UPLOADS} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!rejecting}
        title="驳回开票申请"
        okText="确认驳回"
        cancelText="取消"
        destroyOnHidden
        okButtonProps={{ loading: decide.isPending, danger: true }}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          const v = await rejectForm.validateFields().catch(() => null);
          if (!v) return;
          if (await run({ id: rejecting!.id, reason: v.reason!.trim() }, INVOICE_MSG.rejectOk)) setRejecting(null);
        }}
      >
        <Form form={rejectForm} layout="vertical" preserve={false}>
          <Form.Item name="reason" label="驳回原因" required rules={[zodRule(invoiceRejectBody.shape.reason)]}>
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
