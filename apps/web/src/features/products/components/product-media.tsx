import { PlayCircleOutlined } from '@ant-design/icons';
import { Image, Space } from 'antd';
import type { ProductFile } from '@portal/domain/products';
import { useFilePreview } from '../../../components/upload';
import { fileUrlOf } from '../../../components/upload/image-root';
import { itemOf } from '../../../components/upload/upload-value';

/** The product picture as a small thumbnail with the image viewer. */
export function ProductPicture({ path, alt }: { path: string; alt: string }) {
  if (!path) return <div className="product-thumb product-thumb--empty">暂无图片</div>;
  return <Image className="product-thumb" src={fileUrlOf(path)} alt={alt} width={64} height={64} />;
}

/** Titled videos or drawings in a list cell: click to play or view. */
export function ProductMedia({ files }: { files: ProductFile[] }) {
  const items = files.map((f) => ({ ...itemOf(f.fileUrl), name: f.fileName }));
  const { open, overlays } = useFilePreview(items);
  if (!items.length) return <span className="product-muted">—</span>;
  return (
    <Space orientation="vertical" size={2}>
      {items.map((item, i) => (
        <a key={`${item.value}-${i}`} onClick={() => open(item)} className="product-media__link" title={item.name}>
          {item.type === 'video' && <PlayCircleOutlined />} {item.name}
        </a>
      ))}
      {overlays}
    </Space>
  );
}
