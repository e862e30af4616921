import { Descriptions, Empty, Modal, Spin, Typography } from 'antd';
import { MSG } from '@portal/domain/messages';
import { useAuditPraise } from '../../api/audit-praise';
import { usePraiseRecord } from '../../api/get-praise-record';
import { MediaList } from '../media-list';
import { ReviewDecision } from './review-decision';
import { PRAISE_REQUIREMENT } from '../praise-requirement';

/** 好评审核: the master's proof of a five-star review; approve or reject with a reason. */
export function PraiseReviewDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const q = usePraiseRecord(orderId, open);
  const audit = useAuditPraise();
  const r = q.data;
  return (
    <Modal title="好评审核" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {q.isPending ? (
        <Spin />
      ) : !r ? (
        <Empty description={MSG.emptyList} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">好评要求：{PRAISE_REQUIREMENT}</Typography.Paragraph>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="好评金额">￥{r.amount}</Descriptions.Item>
            <Descriptions.Item label="好评凭证"><MediaList urls={r.certificate ?? []} /></Descriptions.Item>
          </Descriptions>
          <ReviewDecision onDecide={(a, reason) => audit.mutateAsync({ orderId, audit: a, reason })} onClose={onClose} />
        </>
      )}
    </Modal>
  );
}
