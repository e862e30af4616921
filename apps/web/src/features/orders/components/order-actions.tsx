import { Button, Space, App } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ORDER_NODE, ORDER_STATUS } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import type { OrderListRow } from '@portal/domain/orders';
import { PERM } from '@portal/domain/permissions';
import { paths } from '../../../config/paths';
import { useAccess } from '../../../lib/access';
import { useConfigValue } from '../../../lib/site-config';
import { useConfirmCompletion } from '../api/confirm-completion';
import { useFeatureSlots } from '../../../lib/feature-slots';
import { getOrderCopyText } from '../api/copy-order';
import { copyText } from './copy-text';
import { useConfirm } from '../../../lib/use-confirm';

// Each dialog loads when first opened: a list of order cards needs none of them to show (decision 164).
const CancelReasonDialog = lazy(() => import('./dialogs/cancel-reason-dialog').then((m) => ({ default: m.CancelReasonDialog })));
const CompletionMaterialsDialog = lazy(() => import('./dialogs/completion-materials-dialog').then((m) => ({ default: m.CompletionMaterialsDialog })));
const ContactServiceDialog = lazy(() => import('./dialogs/contact-service-dialog').then((m) => ({ default: m.ContactServiceDialog })));
const CustomerModifyDialog = lazy(() => import('./dialogs/customer-modify-dialog').then((m) => ({ default: m.CustomerModifyDialog })));
const LogisticsDialog = lazy(() => import('./dialogs/logistics-dialog').then((m) => ({ default: m.LogisticsDialog })));
const MarkerDialog = lazy(() => import('./dialogs/marker-dialog').then((m) => ({ default: m.MarkerDialog })));
const PartsMaterialsDialog = lazy(() => import('./dialogs/parts-materials-dialog').then((m) => ({ default: m.PartsMaterialsDialog })));
const PartsShippingDialog = lazy(() => import('./dialogs/parts-shipping-dialog').then((m) => ({ default: m.PartsShippingDialog })));
const PraiseReviewDialog = lazy(() => import('./dialogs/praise-review-dialog').then((m) => ({ default: m.PraiseReviewDialog })));
const ReminderDialog = lazy(() => import('./dialogs/reminder-dialog').then((m) => ({ default: m.ReminderDialog })));
const ReturnReviewDialog = lazy(() => import('./dialogs/return-review-dialog').then((m) => ({ default: m.ReturnReviewDialog })));
const UrgentDialog = lazy(() => import('./dialogs/urgent-dialog').then((m) => ({ default: m.UrgentDialog })));

/**
 * 在线沟通 opens the chat link with the order's facts. It reads the link itself, so the link's
 * arrival (after the cards are drawn) re-renders this one button, not every card's action bar.
 */
function ChatButton({ order }: { order: OrderListRow }) {
  const { message } = App.useApp();
  const chatLink = useConfigValue('qudaolink').value;
  const openChat = () => {
    if (!chatLink) return message.warning('在线客服暂不可用，请拨打客服电话');
    const info = new URLSearchParams({ orderNo: order.orderNo, customer: order.realName, phone: order.phone, status: order.statusName ?? '' });
    window.open(`${chatLink}${chatLink.includes('?') ? '&' : '?'}${info.toString()}`, '_blank', 'noopener');
  };
  return (
    <Button size="small" type="default" onClick={openChat} data-action="chat">
      在线沟通
    </Button>
  );
}

type DialogName = 'customer' | 'cancel' | 'urgent' | 'reminder' | 'contact' | 'marker' | 'logistics' | 'parts' | 'shipping' | 'completion' | 'return' | 'praise' | 'afterSale';

/** Statuses after a master has done work, so completion materials may exist. */
const HAS_COMPLETION = new Set([600, 650, 700, 900]);
/** Parts were requested at some point (awaiting parts and later). */
const HAS_PARTS_NODE = new Set<number>([ORDER_NODE.awaitingParts, ORDER_NODE.partsShipped, ORDER_NODE.partsArrived]);

/**
 * Every per-order action of spec 02 §2.1, shown by the server's statusInfo flags and the caller's
 * permissions (spec 02 §6). Used on list cards and on the detail screen.
 */
export function OrderActions({ order, showDetail = true, extra }: { order: OrderListRow & { customerServiceUser?: { name: string; phone: string } | null }; showDetail?: boolean; extra?: ReactNode }) {
  const { can } = useAccess();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const confirmDone = useConfirmCompletion();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const { ApplyAfterSaleDialog } = useFeatureSlots();
  const close = () => setDialog(null);
  const info = order.statusInfo;
  const closed = order.status === ORDER_STATUS.cancelled;

  const copy = async () => {
    const text = await getOrderCopyText(order.id);
    await copyText(text);
    message.success(MSG.copyOk);
  };
  const askCancel = () =>
    confirm(
      <div>
        <div>订单编号：{order.orderNo}</div>
        <div>下单时间：{order.createTime}</div>
      </div>,
      () => setDialog('cancel'),
      MSG.confirmCancelOrder,
    );
  const askComplete = () => confirm(MSG.confirmComplete, () => confirmDone.mutateAsync(order.id));

  const btn = (key: string, label: string, onClick: () => void, primary = false) => (
    <Button key={key} size="small" type={primary ? 'primary' : 'default'} onClick={onClick} data-action={key}>
      {label}
    </Button>
  );
  const buttons: ReactNode[] = [];
  if (showDetail) buttons.push(btn('detail', '详情', () => navigate(paths.manage.orderDetail.getHref(order.id))));
  if (info.isPay && can(PERM.orderPay)) buttons.push(btn('pay', '支付', () => navigate(paths.orderPay.getHref(order.id)), true));
  if (info.isCompletionConfirmation && can(PERM.orderConfirmation)) buttons.push(btn('confirm', '确认完工', askComplete, true));
  if (info.isFanJian) buttons.push(btn('return', '返件审核', () => setDialog('return'), true));
  if (info.isPromotePositive) buttons.push(btn('praise', '好评审核', () => setDialog('praise'), true));
  if (info.isApprovalAccessories) buttons.push(btn('shipping', '配件寄件信息', () => setDialog('shipping'), true));
  if (!closed && order.status <= ORDER_STATUS.awaitingWork && can(PERM.orderModify)) buttons.push(btn('customer', '修改客户信息', () => setDialog('customer')));
  if (info.isUrgent && can(PERM.orderSpeed)) buttons.push(btn('urgent', '加急', () => setDialog('urgent')));
  if (info.isReminder) buttons.push(btn('reminder', '催单', () => setDialog('reminder')));
  if (HAS_PARTS_NODE.has(order.realNode ?? order.node) || order.status === ORDER_STATUS.awaitingParts) buttons.push(btn('parts', '配件资料', () => setDialog('parts')));
  if (HAS_COMPLETION.has(order.status)) buttons.push(btn('completion', '完工资料', () => setDialog('completion')));
  buttons.push(btn('logistics', '查看物流', () => setDialog('logistics')));
  buttons.push(btn('copy', '复制', () => void copy()));
  if (info.isAfterSales && can(PERM.orderAfter)) buttons.push(btn('afterSale', '申请售后', () => setDialog('afterSale')));
  if (info.isCancell && can(PERM.orderCancel)) buttons.push(btn('cancel', '取消', askCancel));
  if (can(PERM.orderAdd)) buttons.push(btn('again', '再来一单', () => navigate(paths.orderCreate.getHref('againOrder', { id: order.id }))));
  buttons.push(<ChatButton key="chat" order={order} />);
  buttons.push(btn('contact', '联系客服', () => setDialog('contact')));
  buttons.push(btn('marker', '标记', () => setDialog('marker')));

  return (
    <>
      <Space size={[8, 8]} wrap>
        {buttons}
        {extra}
      </Space>
      <Suspense fallback={null}>
      {dialog === 'customer' && <CustomerModifyDialog order={order} open onClose={close} />}
      {dialog === 'cancel' && <CancelReasonDialog ids={[order.id]} open onClose={close} />}
      {dialog === 'urgent' && <UrgentDialog orderId={order.id} paid={order.paidFlag === 1} open onClose={close} />}
      {dialog === 'reminder' && <ReminderDialog orderId={order.id} open onClose={close} />}
      {dialog === 'contact' && <ContactServiceDialog user={order.customerServiceUser} open onClose={close} />}
      {dialog === 'marker' && <MarkerDialog orderId={order.id} markerType={order.markerType} markerValue={order.markerValue} open onClose={close} />}
      {dialog === 'logistics' && <LogisticsDialog orderId={order.id} open onClose={close} />}
      {dialog === 'parts' && <PartsMaterialsDialog orderId={order.id} open onClose={close} />}
      {dialog === 'shipping' && <PartsShippingDialog orderId={order.id} open onClose={close} />}
      {dialog === 'completion' && <CompletionMaterialsDialog orderId={order.id} open onClose={close} />}
      {dialog === 'return' && <ReturnReviewDialog orderId={order.id} open onClose={close} />}
      {dialog === 'praise' && <PraiseReviewDialog orderId={order.id} open onClose={close} />}
      {dialog === 'afterSale' && ApplyAfterSaleDialog && <ApplyAfterSaleDialog orderId={order.id} orderNo={order.orderNo} slaBreaches={order.sla?.breaches ?? 0} open onClose={close} />}
      </Suspense>
    </>
  );
}
