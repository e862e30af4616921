import { Descriptions, Empty, Modal, Spin } from 'antd';
import { MSG } from '@portal/domain/messages';
import { usePartsApplication } from '../../api/get-parts-application';
import { MediaList } from '../media-list';

/** 配件资料: what the master asked for (parts, pictures, video, remarks) and what was shipped. */
export function PartsMaterialsDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const q = usePartsApplication(orderId, open);
  const a = q.data;
  return (
    <Modal title="配件资料" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {q.isPending ? (
        <Spin />
      ) : !a ? (
        <Empty description={MSG.emptyList} />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="所需配件">{a.applyAccessories}</Descriptions.Item>
          <Descriptions.Item label="产品图片"><MediaList urls={a.productPic ?? []} /></Descriptions.Item>
          <Descriptions.Item label="产品视频"><MediaList urls={a.productVideo ?? []} videos /></Descriptions.Item>
          <Descriptions.Item label="备注">{a.remarks || '无'}</Descriptions.Item>
          <Descriptions.Item label="寄件信息">{a.trackingNum ? `${a.company} ${a.trackingNum}${a.phone ? `（收件人电话 ${a.phone}）` : ''}` : '未填写'}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
