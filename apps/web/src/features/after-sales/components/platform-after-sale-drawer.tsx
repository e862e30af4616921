import { Descriptions, Drawer, Skeleton, Tag, Timeline } from 'antd';
import { ORDER_STATUS, serviceType } from '@portal/domain/enums';
import { usePlatformAfterSale } from '../api/platform-after-sales';
import { AfterSaleCheckTag, AfterSaleStatusTag } from './after-sale-status-tag';
import { VoucherList } from './voucher-list';

/** The console's view of one case: the application, vouchers and timeline. */
export function PlatformAfterSaleDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = usePlatformAfterSale(id);
  const a = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={560} title="售后详情" destroyOnHidden>
      {!a ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="厂家">{a.vendorName}</Descriptions.Item>
            <Descriptions.Item label="状态"><AfterSaleStatusTag status={a.status} /> <AfterSaleCheckTag checkStatus={a.checkStatus} /> {a.statusTip}</Descriptions.Item>
            <Descriptions.Item label="类型">{a.typeName}{a.type === 1 ? `（¥${a.money.toFixed(2)}）` : ''}</Descriptions.Item>
            <Descriptions.Item label="原工单">{a.oldOrder}</Descriptions.Item>
            {a.newOrder && (
              <Descriptions.Item label="新工单">
                {a.newOrder}{' '}
                <Tag color={a.newOrderStatus === ORDER_STATUS.cancelled ? 'error' : 'processing'} data-new-order-status={a.newOrderStatus}>{a.newOrderStatusName}</Tag>
              </Descriptions.Item>
            )}
            <Descriptions.Item label="客户">{a.realName} {a.phone}</Descriptions.Item>
            <Descriptions.Item label="服务 / 产品">{serviceType.label(a.serviceType)} / {a.productSummary}</Descriptions.Item>
            <Descriptions.Item label="原因">{a.reasons.split(',').join('、')}</Descriptions.Item>
            <Descriptions.Item label="说明">{a.description}</Descriptions.Item>
            <Descriptions.Item label="凭证"><VoucherList value={a.voucher} /></Descriptions.Item>
            {a.checkReason && <Descriptions.Item label="驳回原因">{a.checkReason}</Descriptions.Item>}
          </Descriptions>
          <Timeline style={{ marginTop: 24 }} items={a.timeline.map((t) => ({ content: <div>{t.content}<div className="as-muted">{t.createTime}</div></div> }))} />
        </>
      )}
    </Drawer>
  );
}
