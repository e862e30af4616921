import { Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getAgreement } from '../api/get-agreement';

/** Rich-text agreement (GET /api/app/config/agreement/{id}) in a dialog. */
export function AgreementDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['site', 'agreement', id], queryFn: () => getAgreement(id!), enabled: id !== null, staleTime: 10 * 60_000 });
  return (
    <Modal open={id !== null} title={q.data?.title ?? ' '} onCancel={onClose} onOk={onClose} okText="我已阅读" cancelButtonProps={{ style: { display: 'none' } }} width={720}>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        // Agreement text is written by the platform's operators, not by users.
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: q.data?.content ?? '' }} />
      )}
    </Modal>
  );
}
