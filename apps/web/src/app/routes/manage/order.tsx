import { App, Button, Checkbox, Pagination, Skeleton, Space, Typography } from 'antd';
import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ORDER_STATUS, PENDING_SHORTCUT } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { useAccess } from '../../../lib/access';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { exportOrders } from '../../../features/orders/api/export-orders';
import { batchPayConfirmText, payOrdersInTurn } from '../../../features/orders/api/pay-orders-in-turn';
import { orderKeys } from '../../../lib/order-keys';
import { ordersQuery, useOrders } from '../../../features/orders/api/get-orders';
import { pendingCountQuery, usePendingCount } from '../../../features/orders/api/get-pending-count';
import { OrderCardList } from '../../../features/orders/components/order-card-list';
import { OrderFiltersPanel } from '../../../features/orders/components/order-filters';
import { ORDER_PAGE_SIZES, useOrderListParams } from '../../../features/orders/components/use-order-list-params';
import '../../../features/orders/components/orders.css';

// The two dialogs of the bar load when opened (decision 164): the import dialog alone brings Table,
// Steps, Upload and Tabs, the cancel dialog the form and its rules — none is needed to show the list.
const CancelReasonDialog = lazy(() => import('../../../features/orders/components/dialogs/cancel-reason-dialog').then((m) => ({ default: m.CancelReasonDialog })));
const ImportOrdersDialog = lazy(() => import('../../../features/orders/components/import/import-orders-dialog').then((m) => ({ default: m.ImportOrdersDialog })));

/** 全部订单 (spec 02 §2.1); a sub-account without the order list key sees 没有权限 (decision 115). */
export default function OrderListScreen() {
  return (
    <RequirePermission perm={PERM.orderList}>
      <OrderListDeferred />
    </RequirePermission>
  );
}

/**
 * The list's two requests leave as soon as the user may see it, during this render (useQuery would
 * fetch only once its screen has committed). The screen itself — bar, filters, cards — mounts as a
 * deferred render (issue 17): the sign-in state's arrival commits the menu with this skeleton, and
 * React draws the screen in slices it can interrupt instead of one long task.
 */
function OrderListDeferred() {
  const { params } = useOrderListParams();
  const qc = useQueryClient();
  // Back to the list (its answer cached): drawn at once, so the scroll position comes back unmoved.
  const [instant] = useState(() => qc.getQueryData(ordersQuery(params).queryKey) !== undefined);
  usePrefetchQuery(ordersQuery(params));
  usePrefetchQuery(pendingCountQuery());
  const mounted = useDeferredValue(true, instant);
  return mounted ? <OrderList instant={instant} /> : <Skeleton active paragraph={{ rows: 6 }} />;
}

/** Pending shortcut, filters, cards with checkboxes, batch cancel and pay, export, paging. */
function OrderList({ instant }: { instant: boolean }) {
  const { can } = useAccess();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const { filters, params, pageNum, pageSize, setFilters, setPage } = useOrderListParams();
  const list = useOrders(params);
  const pending = usePendingCount();
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [cancelIds, setCancelIds] = useState<number[] | null>(null);
  const [importing, setImporting] = useState(false);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);

  const canCancel = can(PERM.orderCancel);
  const canPay = can(PERM.orderPay);
  const allChecked = rows.length > 0 && rows.every((r) => checked.has(r.id));
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setChecked((s) => {
        const n = new Set(s);
        if (on) n.add(id);
        else n.delete(id);
        return n;
      }),
    [],
  );
  const batchCancel = () => {
    const ids = rows.filter((r) => checked.has(r.id)).map((r) => r.id);
    if (!ids.length) return void message.warning(MSG.selectOrdersToCancel);
    setCancelIds(ids);
  };
  // The checked orders still to pay, each paid by its own pay call (as the import's batch pay does).
  const batchPay = () => {
    const unpaid = rows.filter((r) => checked.has(r.id) && r.status === ORDER_STATUS.unpaid);
    if (!unpaid.length) return void message.warning('请勾选待付款的订单');
    const total = unpaid.reduce((a, r) => a + r.totalPrice, 0);
    modal.confirm({
      title: '批量支付',
      content: batchPayConfirmText(unpaid.length, total),
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      onOk: async () => {
        const { paid, failed } = await payOrdersInTurn(unpaid.map((r) => r.id));
        await qc.invalidateQueries({ queryKey: orderKeys.all });
        setChecked(new Set());
        if (!failed.length) message.success(`已支付 ${paid} 个订单`);
        else message.warning(`已支付 ${paid} 个订单，${failed.length} 个未支付：${failed[0]!.message}`);
      },
    });
  };
  const doExport = () => {
    const { pageNum: _n, pageSize: _s, ...f } = params;
    void exportOrders(f, [...checked]);
  };
  const showPending = () => setFilters({ status: PENDING_SHORTCUT.statuses.join(','), node: PENDING_SHORTCUT.nodes.join(',') });

  return (
    <div className="order-list">
      <div className="order-list__bar">
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }}>全部订单</Typography.Title>
          <Typography.Text>
            待处理订单 <strong data-testid="pending-count">{pending.data ?? 0}</strong> 个
          </Typography.Text>
          <Button type="link" onClick={showPending} data-action="pending">查看</Button>
        </Space>
        <Space>
          {(canCancel || canPay) && (
            <Checkbox
              checked={allChecked}
              indeterminate={!allChecked && rows.some((r) => checked.has(r.id))}
              onChange={(e) => setChecked(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
            >
              全选
            </Checkbox>
          )}
          {canCancel && <Button onClick={batchCancel} data-action="batch-cancel">批量取消</Button>}
          {canPay && <Button onClick={batchPay} data-action="list-batch-pay">批量支付</Button>}
          {can(PERM.orderExport) && <Button onClick={doExport} data-action="export">导出</Button>}
          {can(PERM.orderAdd) && <Button onClick={() => setImporting(true)} data-action="import">批量导入</Button>}
        </Space>
      </div>
      <OrderFiltersPanel value={filters} onApply={(f) => { setChecked(new Set()); setFilters(f); }} />
      <OrderCardList rows={rows} loading={list.isPending} checked={checked} onCheck={toggle} instant={instant} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Pagination
          current={pageNum}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          pageSizeOptions={[...ORDER_PAGE_SIZES]}
          showSizeChanger
          // A dense keyword's total is counted up to a bound (decision 132): 共 10000+ 条, and paging goes on.
          showTotal={(t) => `共 ${t}${list.data?.totalBounded ? '+' : ''} 条`}
          onChange={(n, s) => { setChecked(new Set()); setPage(n, s); window.scrollTo(0, 0); }}
        />
      </div>
      <Suspense fallback={null}>
        {importing && <ImportOrdersDialog open onClose={() => setImporting(false)} canPay={can(PERM.orderPay)} />}
        {cancelIds && <CancelReasonDialog ids={cancelIds} open onClose={() => setCancelIds(null)} onDone={() => setChecked(new Set())} />}
      </Suspense>
    </div>
  );
}
