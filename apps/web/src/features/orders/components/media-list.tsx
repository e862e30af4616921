import { Image, Space, Typography } from 'antd';
import { fileUrlOf } from '../../../components/upload';

const VIDEO = /\.(mp4|avi|wmv|mov|webm)(\?|$)/i;

/** Pictures (previewable) and videos (playable) of a record; `videos` forces the video player. */
export function MediaList({ urls, videos = false }: { urls: Array<string | { fileUrl: string; fileType?: number }>; videos?: boolean }) {
  const items = urls.map((u) => (typeof u === 'string' ? { url: u, video: videos || VIDEO.test(u) } : { url: u.fileUrl, video: videos || (u.fileType !== undefined ? u.fileType !== 1 : VIDEO.test(u.fileUrl)) }));
  if (!items.length) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {items.map((m, i) =>
          m.video ? (
            <video key={`${m.url}-${i}`} src={fileUrlOf(m.url)} controls width={160} height={110} style={{ background: '#000', borderRadius: 4 }} />
          ) : (
            <Image key={`${m.url}-${i}`} src={fileUrlOf(m.url)} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4 }} alt="图片" />
          ),
        )}
      </Space>
    </Image.PreviewGroup>
  );
}
