import { Empty, Modal, Spin, Timeline, Typography } from 'antd';
import { MSG } from '@portal/domain/messages';
import { useOrderLogistics } from '../../api/get-order-logistics';

/** 查看物流: every parcel of the order with its tracking events. */
export function LogisticsDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const q = useOrderLogistics(orderId, open);
  const list = q.data ?? [];
  return (
    <Modal title="物流信息" open={open} onCancel={onClose} footer={null} width={600} destroyOnHidden>
      {q.isPending ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={MSG.emptyList} />
      ) : (
        list.map((l, i) => (
          <div key={`${l.logisticsNum}-${i}`} style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>
              {l.logisticsCompany} {l.logisticsNum}
            </Typography.Title>
            {l.cmcLogisticsDetailList?.length ? (
              <Timeline items={l.cmcLogisticsDetailList.map((d) => ({ content: d.time ? `${d.time} ${d.context}` : d.context }))} />
            ) : (
              <Typography.Text type="secondary">{l.createTime} 已登记，暂无物流轨迹</Typography.Text>
            )}
          </div>
        ))
      )}
    </Modal>
  );
}
