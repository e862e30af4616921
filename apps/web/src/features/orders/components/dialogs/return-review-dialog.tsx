import { Button, Descriptions, Empty, Modal, Spin } from 'antd';
import { MSG } from '@portal/domain/messages';
import { useAuditReturn } from '../../api/audit-return';
import { useReturnRecord } from '../../api/get-return-record';
import { MediaList } from '../media-list';
import { ReviewDecision } from './review-decision';

const asList = (v: string | string[] | null | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

/** 返件审核: the returned part's courier and photos; approve/reject only while checkStatus is 0. */
export function ReturnReviewDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const q = useReturnRecord(orderId, open);
  const audit = useAuditReturn();
  const r = q.data;
  return (
    <Modal title="返件审核" open={open} onCancel={onClose} footer={null} width={680} destroyOnHidden>
      {q.isPending ? (
        <Spin />
      ) : !r ? (
        <Empty description={MSG.emptyList} />
      ) : (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="快递公司">{r.expressCompanyName}</Descriptions.Item>
            <Descriptions.Item label="快递单号">{r.expressNumber}</Descriptions.Item>
            <Descriptions.Item label="快递费用">{r.paymentType === 0 ? `厂家支付 ￥${r.expressFee}` : `￥${r.expressFee}`}</Descriptions.Item>
            <Descriptions.Item label="快递面单"><MediaList urls={asList(r.expressBillImg)} /></Descriptions.Item>
            <Descriptions.Item label="快递凭证"><MediaList urls={asList(r.expressVoucher)} /></Descriptions.Item>
            <Descriptions.Item label="返件照片"><MediaList urls={r.returnedPhotos ?? []} /></Descriptions.Item>
            {r.receiverName && <Descriptions.Item label="收件地址">{`${r.receiverName} ${r.receiverPhone ?? ''} ${r.provinceName ?? ''}${r.cityName ?? ''}${r.districtName ?? ''}${r.detailAddress ?? ''}`}</Descriptions.Item>}
            {r.checkStatus === 2 && <Descriptions.Item label="驳回原因">{r.reason}</Descriptions.Item>}
          </Descriptions>
          {r.checkStatus === 0 ? (
            <ReviewDecision onDecide={(a, reason) => audit.mutateAsync({ orderId, audit: a, reason })} onClose={onClose} />
          ) : (
            <div style={{ textAlign: 'right', marginTop: 16 }}>
              <Button onClick={onClose}>关闭</Button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
