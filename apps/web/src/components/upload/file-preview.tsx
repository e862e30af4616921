import { Image, Modal } from 'antd';
import { useCallback, useState } from 'react';
import type { UploadItem } from './upload-value';

/** spec 01 §9: the image viewer sits above everything. */
const VIEWER_Z_INDEX = 999999;

/**
 * Preview rules of spec 01 §4: pictures open an image viewer at the clicked index, videos open
 * a dialog with a player, other files open in a new window. Returns the opener and the overlays.
 */
export function useFilePreview(items: UploadItem[]) {
  const [pictureIndex, setPictureIndex] = useState<number | null>(null);
  const [video, setVideo] = useState<UploadItem | null>(null);
  const pictures = items.filter((i) => i.type === 'picture');

  const open = useCallback(
    (item: UploadItem) => {
      if (item.type === 'picture') setPictureIndex(Math.max(0, pictures.findIndex((p) => p.value === item.value)));
      else if (item.type === 'video') setVideo(item);
      else window.open(item.value, '_blank', 'noopener');
    },
    [pictures],
  );

  const overlays = (
    <>
      {pictureIndex !== null && (
        <Image.PreviewGroup
          items={pictures.map((p) => p.value)}
          preview={{
            open: true,
            current: pictureIndex,
            zIndex: VIEWER_Z_INDEX,
            onChange: (current) => setPictureIndex(current),
            onOpenChange: (o) => !o && setPictureIndex(null),
          }}
        />
      )}
      <Modal open={!!video} footer={null} width={860} title={video?.name} onCancel={() => setVideo(null)} destroyOnHidden centered>
        {video && <video src={video.value} controls autoPlay style={{ width: '100%', maxHeight: '70vh', background: '#000' }} data-testid="upload-video-player" />}
      </Modal>
    </>
  );
  return { open, overlays };
}
