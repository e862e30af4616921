import { Alert, App, Button, Card, Form, Input, Modal, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
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
import { InvoiceContent } from '../../features/statements/components/invoice-content';
import { PLATFORM_UPLOADS } from '../lib/platform-request';

const URL_FIELDS: UrlFields<{ tab?: string }> = { tab: 'string' };
const TABS = [...invoiceStatus.options.map((o) => ({ key: String(o.value), label: o.label })), { key: 'all', label: '全部' }];
const STATUS_COLOR: Record<number, string> = { [INVOICE_STATUS.requested]: 'blue', [INVOICE_STATUS.issued]: 'green', [INVOICE_STATUS.rejected]: 'red', [INVOICE_STATUS.void]: 'default' };

/**
 * 开票管理: vendors' invoice requests; issue one with its PDF for the amount shown or reject it with a reason;
 * register the red invoice for what was refunded after issue (decision 291).
 */
export default function PlatformInvoicesScreen() {
  const { message } = App.useApp();
  // Tab and page in the URL (decision 161).
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const tab = filters.tab ?? String(INVOICE_STATUS.requested);
  const list = useQuery(platformInvoiceListQuery({ status: tab === 'all' ? undefined : Number(tab), pageNum: paging.pageNum, pageSize: paging.pageSize }));
  const decide = useDecideInvoice();
  // The rows in the dialogs come from the list: a refusal (an order refunded meanwhile) refreshes it, and the dialog shows the new amount.
  const [issuingId, setIssuing] = useState<number | null>(null);
  const [redId, setRed] = useState<number | null>(null);
  const rowOf = (id: number | null) => list.data?.rows.find((r) => r.id === id) ?? null;
  const issuing = rowOf(issuingId);
  const red = rowOf(redId);
  const [rejecting, setRejecting] = useState<PlatformInvoiceRow | null>(null);
  const [issueForm] = Form.useForm<{ pdf?: string }>();
  const [redForm] = Form.useForm<{ pdf?: string }>();
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
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (v: number, r) => (
        <span>
          <b>{formatYuan(v)}</b>
          {r.redAmount > 0 ? (
            <>
              <br />
              <span className="wallet-muted">{r.redPending > 0 ? `开票后退款 ${formatYuan(r.redAmount)}，待红冲` : `已红冲 ${formatYuan(r.redAmount)}`}</span>
            </>
          ) : null}
        </span>
      ),
    },
    { title: '开票内容', key: 'what', width: 180, render: (_, r) => <InvoiceContent row={r} /> },
    { title: '邮箱', dataIndex: 'email', width: 180 },
    { title: '申请时间', dataIndex: 'createdAt', width: 170 },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <Tag color={STATUS_COLOR[v]}>{invoiceStatus.label(v)}</Tag> },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) =>
        r.status === INVOICE_STATUS.requested ? (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setIssuing(r.id)}>
              开票
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
              驳回
            </Button>
          </Space>
        ) : r.pdfUrl ? (
          <Space size={4} wrap>
            <a href={r.pdfUrl} target="_blank" rel="noreferrer">
              查看发票
            </a>
            {r.redInvoices.map((x, i) => (
              <a key={x.pdfUrl} href={x.pdfUrl} target="_blank" rel="noreferrer" aria-label={`红字发票 ${i + 1} ¥${formatYuan(x.amount)}`}>
                红字发票{r.redInvoices.length > 1 ? i + 1 : ''}
              </a>
            ))}
            {r.redPending > 0 ? (
              <Button type="link" size="small" danger onClick={() => setRed(r.id)}>
                登记红冲 ¥{formatYuan(r.redPending)}
              </Button>
            ) : null}
          </Space>
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
          if (await run({ id: issuing!.id, pdf: v.pdf!, amount: issuing!.amount }, INVOICE_MSG.issueOk)) setIssuing(null);
        }}
      >
        {issuing?.removedOrderNos.length ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`订单 ${issuing.removedOrderNos.join('、')} 已取消并退款，已从本申请移出；发票金额为 ¥${formatYuan(issuing.amount)}`} />
        ) : null}
        <Form form={issueForm} layout="vertical" preserve={false}>
          <Form.Item name="pdf" label="发票PDF" rules={[{ required: true, message: INVOICE_MSG.pdfRequired }]}>
            <UploadField dir="invoice" types={['pdf']} maxCount={1} display="list" buttonText="上传发票PDF" via={PLATFORM_UPLOADS} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!red}
        title={`登记红字发票：${red?.vendorName ?? ''} ¥${formatYuan(red?.redPending)}`}
        okText="确认登记"
        cancelText="取消"
        destroyOnHidden
        okButtonProps={{ loading: decide.isPending }}
        onCancel={() => setRed(null)}
        onOk={async () => {
          const v = await redForm.validateFields().catch(() => null);
          if (!v) return;
          if (await run({ id: red!.id, pdf: v.pdf!, amount: red!.redPending, red: true }, INVOICE_MSG.redOk)) setRed(null);
        }}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`发票 ${red?.invoiceNo ?? ''}（¥${formatYuan(red?.amount)}）开具后，所含订单取消并退款 ¥${formatYuan(red?.redPending)}，请开具等额红字发票并上传`}
        />
        <Form form={redForm} layout="vertical" preserve={false}>
          <Form.Item name="pdf" label="红字发票PDF" rules={[{ required: true, message: INVOICE_MSG.pdfRequired }]}>
            <UploadField dir="invoice" types={['pdf']} maxCount={1} display="list" buttonText="上传红字发票PDF" via={PLATFORM_UPLOADS} />
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
