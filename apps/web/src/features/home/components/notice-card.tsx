import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useState } from 'react';
import { noticesQuery, type Notice } from '../api/home';

/** The platform notice image; clicking it opens the notice's rich text. */
export function NoticeCard() {
  const q = useQuery(noticesQuery());
  const [open, setOpen] = useState<Notice | null>(null);
  const notice = q.data?.rows[0];
  return (
    <>
      <button type="button" className="home-notice" onClick={() => notice && setOpen(notice)} disabled={!notice} aria-label={notice?.title ?? '平台公告'}>
        <img src={notice?.image || '/notice.svg'} alt="平台公告" />
        {notice && <span className="home-notice__title">{notice.title}</span>}
      </button>
      <Modal open={!!open} title={open?.title} footer={null} onCancel={() => setOpen(null)} width={720}>
        {/* Notices are written by the platform's operators. */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: open?.content ?? '' }} />
      </Modal>
    </>
  );
}
