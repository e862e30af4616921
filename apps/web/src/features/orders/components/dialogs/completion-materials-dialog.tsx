import { Descriptions, Empty, Modal, Spin } from 'antd';
import { MSG } from '@portal/domain/messages';
import { useCompletionMaterials } from '../../api/get-completion-materials';
import { MediaList } from '../media-list';

/** 完工资料: completion pictures/videos per product, recycle pictures, auxiliary materials, remarks. */
export function CompletionMaterialsDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const q = useCompletionMaterials(orderId, open);
  const c = q.data;
  return (
    <Modal title="完工资料" open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {q.isPending ? (
        <Spin />
      ) : !c ? (
        <Empty description={MSG.emptyList} />
      ) : (
        <Descriptions column={1} bordered size="small">
          {(c.omsOrderProductList ?? []).map((p, i) => (
            <Descriptions.Item key={p.id ?? i} label={`${p.categoryName ? `${p.categoryName} ` : ''}${p.modelName}`}>
              <MediaList urls={p.omsProductCompletionPicList ?? []} />
            </Descriptions.Item>
          ))}
          {(c.recycleImgs ?? []).length > 0 && (
            <Descriptions.Item label="回收图片"><MediaList urls={c.recycleImgs} /></Descriptions.Item>
          )}
          <Descriptions.Item label="安装材料"><MediaList urls={c.auxiliaryMaterial ?? []} /></Descriptions.Item>
          <Descriptions.Item label="备注">{c.remarks || '无'}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
