import { Alert, App, Button, Checkbox, Modal, Progress, Space, Steps, Table, Tabs, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IMPORT_LIMITS, IMPORT_MSG, type ImportError, type ImportOrderPreview, type ImportResult } from '@portal/domain/order-import';
import { ORDER_STATUS, orderStatus } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { isApiError } from '../../../../lib/request';
import { orderKeys } from '../../../../lib/order-keys';
import { downloadImportErrors, downloadImportTemplate, importOrders, newIdempotencyKey } from '../../api/import-orders';
import { batchPayConfirmText, payOrdersInTurn, type PayState } from '../../api/pay-orders-in-turn';

const errorColumns = [
  { title: '行号', dataIndex: 'row', width: 70 },
  { title: '列', dataIndex: 'column', width: 120, render: (v: string) => v || '整行' },
  { title: '错误原因', dataIndex: 'message' },
];

const yuan = (v: number) => `¥${v.toFixed(2)}`;

/** 批量导入 (issue 18): template, upload with progress, preview of what is created and what is wrong, import, batch pay. */
export function ImportOrdersDialog({ open, onClose, canPay }: { open: boolean; onClose: () => void; canPay: boolean }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [pay, setPay] = useState<Record<number, PayState>>({});
  // Likely duplicates of live orders are skipped unless the merchant says they are new (decision 279).
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const duplicates = (preview?.orders ?? []).filter((o) => o.duplicateOf).length;
  const toCreate = (preview?.created ?? 0) - (skipDuplicates ? duplicates : 0);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setFailure('');
    setProgress(null);
    setPay({});
    setSkipDuplicates(true);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const run = async (f: File, dryRun: boolean, idempotencyKey: string, skip = false) => {
    setBusy(true);
    setFailure('');
    setProgress(0);
    try {
      return await importOrders(f, { dryRun, skipDuplicates: skip, idempotencyKey, onProgress: setProgress });
    } catch (e) {
      // A refusal the server answered is its own message. A lost answer (network, timeout, a server error)
      // leaves an import's outcome unknown: some orders may exist, so no blind 请重试 (decision 299).
      const answered = isApiError(e) && e.httpStatus === 200 && e.code !== -1;
      setFailure(answered ? e.message : dryRun ? IMPORT_MSG.previewFailed : IMPORT_MSG.importUnknown);
      return null;
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const choose = async (f: File) => {
    reset();
    setFile(f);
    const k = newIdempotencyKey();
    setKey(k);
    if (f.size > IMPORT_LIMITS.maxBytes) return setFailure(`文件不能超过${IMPORT_LIMITS.maxBytes / 1024 / 1024}MB`);
    setPreview(await run(f, true, k));
  };

  const doImport = async () => {
    if (!file) return;
    // Sent every time: the server checks again at the import, whatever this preview saw (decision 299).
    const r = await run(file, false, key, skipDuplicates);
    if (!r) return;
    setResult(r);
    message.success(`${IMPORT_MSG.importOk(r.created, r.alreadyImported)}${r.skipped ? `，跳过${r.skipped}个疑似重复订单` : ''}`);
    await qc.invalidateQueries({ queryKey: orderKeys.all });
  };

  const unpaid = (result?.orders ?? []).filter((o) => o.status === ORDER_STATUS.unpaid && pay[o.orderId!]?.state !== 'paid');
  const unpaidTotal = unpaid.reduce((a, o) => a + (o.totalPrice ?? 0), 0);
  const batchPay = () =>
    modal.confirm({
      title: '批量支付',
      content: batchPayConfirmText(unpaid.length, unpaidTotal),
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      onOk: async () => {
        setBusy(true);
        await payOrdersInTurn(unpaid.map((o) => o.orderId!), (id, state) => setPay((s) => ({ ...s, [id]: state })));
        setBusy(false);
        await qc.invalidateQueries({ queryKey: orderKeys.all });
      },
    });

  const step = result ? 2 : preview ? 1 : 0;
  // Fits the dialog (1240 px) without sideways scrolling: what the clerk must check before paying —
  // 上门时间, 金额 and whether an order repeats one — stays in view (decision 299).
  const orderColumns = [
    { title: '行号', dataIndex: 'rows', width: 64, render: (rows: number[]) => rows.join('、') },
    ...(result ? [{ title: '订单号', dataIndex: 'orderNo', width: 170 }] : []),
    {
      title: '客户',
      key: 'customer',
      width: 120,
      render: (_: unknown, o: ImportOrderPreview) => (
        <>
          <div>{o.realName || '—'}</div>
          <Typography.Text type="secondary">{o.phone}</Typography.Text>
        </>
      ),
    },
    { title: '地址', dataIndex: 'address', width: 180 },
    {
      title: '服务',
      key: 'service',
      width: 100,
      render: (_: unknown, o: ImportOrderPreview) => (
        <>
          <div>{`${o.parole} · ${o.serviceType}`}</div>
          {o.urgent && <Tag color="red">加急 {o.urgent}</Tag>}
        </>
      ),
    },
    { title: '产品', dataIndex: 'lines', width: 170, render: (lines: ImportOrderPreview['lines']) => lines.map((l) => `${l.model} × ${l.number}`).join('；') },
    { title: '上门时间', dataIndex: 'doorTime', width: 100, render: (v: string | null) => (v ? v.slice(0, 16) : '未指定') },
    { title: '金额', dataIndex: 'totalPrice', width: 84, render: (v: number | null) => (v == null ? '' : yuan(v)) },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_: unknown, o: ImportOrderPreview) => {
        // A likely duplicate of a live order (decision 279) is what the merchant must see first.
        if (o.duplicateOf) {
          const skipping = o.skipped || (!result && skipDuplicates);
          return (
            <Tag color={skipping ? 'default' : 'warning'} data-testid="import-duplicate" style={{ whiteSpace: 'normal' }}>
              {skipping ? `${result ? '已跳过' : '将跳过'}：与订单${o.duplicateOf}重复` : `疑似重复：已有订单${o.duplicateOf}`}
            </Tag>
          );
        }
        if (!result) return <Tag>将创建</Tag>;
        const p = pay[o.orderId!];
        if (p?.state === 'paid') return <Tag color="green">已支付</Tag>;
        if (p?.state === 'paying') return <Tag color="blue">支付中</Tag>;
        if (p?.state === 'failed') return <Tag color="red" title={p.message}>{p.message}</Tag>;
        return (
          <>
            <Tag color={o.status === ORDER_STATUS.unpaid ? 'orange' : 'default'}>{orderStatus.label(o.status)}</Tag>
            {o.alreadyImported && <Tag data-testid="import-already">此前已导入</Tag>}
          </>
        );
      },
    },
  ];
  const shown = result ?? preview;
  // A row may have a message in several columns: the tab counts rows, as the summary does.
  const errorRows = [...new Set((shown?.errors ?? []).map((e) => e.row))];

  return (
    <Modal
      title="批量导入订单"
      open={open}
      onCancel={close}
      width={1240}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      className="order-import-dialog"
    >
      <Steps size="small" current={step} items={[{ title: '选择文件' }, { title: '预览校验' }, { title: '导入完成' }]} style={{ marginBottom: 16 }} />
      {step === 0 && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="info"
            showIcon
            message={`下载导入模板，每行填写一个产品，同一客户和地址的多行合并为一个订单；每次最多${IMPORT_LIMITS.maxRows}行。`}
            action={<Button onClick={() => void downloadImportTemplate()} data-action="download-template">下载导入模板</Button>}
          />
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(f) => {
              void choose(f);
              return false;
            }}
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">点击或拖拽 Excel 文件（.xlsx）到此处上传</p>
            <p className="ant-upload-hint">{file ? file.name : `文件不超过${IMPORT_LIMITS.maxBytes / 1024 / 1024}MB，上传后先预览校验，确认后再导入`}</p>
          </Upload.Dragger>
        </Space>
      )}
      {progress !== null && <Progress percent={progress} status="active" data-testid="import-progress" format={(p) => (p === 100 ? '校验中…' : `${p}%`)} />}
      {failure && <Alert type="error" showIcon message={failure} style={{ margin: '12px 0' }} data-testid="import-failure" />}
      {shown && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type={shown.failed || (!result && toCreate <= 0) ? 'warning' : 'success'}
            showIcon
            data-testid="import-summary"
            message={
              result
                ? `成功导入 ${result.created} 个订单${result.alreadyImported ? `（其中 ${result.alreadyImported} 个此前已导入）` : ''}${result.skipped ? `，跳过 ${result.skipped} 个疑似重复订单` : ''}${result.failed ? `，${result.failed} 行未导入` : ''}`
                : // The same count as the button: skipped likely duplicates are not among the orders created.
                  `共 ${shown.total} 行：将创建 ${toCreate} 个订单${skipDuplicates && duplicates ? `，跳过 ${duplicates} 个疑似重复订单` : ''}${shown.failed ? `，${shown.failed} 行有误（有误的行不会导入，修改后可重新上传）` : '，没有错误'}`
            }
          />
          {!result && duplicates > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="import-duplicates"
              message={`其中 ${duplicates} 个订单与近${IMPORT_LIMITS.duplicateDays}天的已有订单相同（同一手机号、地址和产品），可能是重复导入`}
              description={
                <Checkbox checked={skipDuplicates} onChange={(e) => setSkipDuplicates(e.target.checked)} data-action="skip-duplicates">
                  跳过这些订单（不是重复时取消勾选）
                </Checkbox>
              }
            />
          )}
          <Tabs
            defaultActiveKey={shown.errors.length ? 'errors' : 'orders'}
            items={[
              {
                key: 'errors',
                label: `有误的行（${errorRows.length}）`,
                children: (
                  <Table<ImportError>
                    size="small"
                    rowKey={(e) => `${e.row}-${e.column}`}
                    columns={errorColumns}
                    dataSource={shown.errors}
                    pagination={{ pageSize: 10, hideOnSinglePage: true }}
                    data-testid="import-errors"
                  />
                ),
              },
              {
                key: 'orders',
                label: result ? `已创建的订单（${result.created}）` : `文件中的订单（${shown.orders.length}）`,
                children: (
                  <Table<ImportOrderPreview>
                    size="small"
                    rowKey={(o) => o.rows.join('-')}
                    columns={orderColumns}
                    dataSource={shown.orders}
                    pagination={{ pageSize: 10, hideOnSinglePage: true }}
                    tableLayout="fixed"
                    data-testid="import-orders"
                  />
                ),
              },
            ]}
          />
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <Space>
              {shown.errors.length > 0 && file && (
                <Button onClick={() => void downloadImportErrors(file, errorRows)} data-action="download-errors" title="只含未导入的行及其错误原因，修改后可重新上传">
                  下载错误明细
                </Button>
              )}
              {!result && <Button onClick={reset} disabled={busy}>重新选择文件</Button>}
            </Space>
            <Space>
              {!result && (
                <Button type="primary" disabled={toCreate <= 0} loading={busy} onClick={() => void doImport()} data-action="confirm-import">
                  确认导入 {toCreate} 个订单
                </Button>
              )}
              {result && canPay && (
                <Button type="primary" disabled={!unpaid.length} loading={busy} onClick={batchPay} data-action="batch-pay">
                  {unpaid.length ? `批量支付（${unpaid.length} 个订单，${yuan(unpaidTotal)}）` : '没有待付款订单'}
                </Button>
              )}
              {result && <Button onClick={close} disabled={busy}>完成</Button>}
            </Space>
          </div>
          {result && !canPay && <Typography.Text type="secondary">导入的保内订单为待付款状态，请在订单列表中支付。</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}
