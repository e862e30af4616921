import { PlayCircleOutlined } from '@ant-design/icons';
import { Checkbox } from 'antd';
import type { GalleryRow } from '@portal/domain/after-sales';
import { serviceType } from '@portal/domain/enums';
import { itemsOf, useFilePreview } from '../../../components/upload';

interface Props {
  row: GalleryRow;
  selected: Set<number>;
  onToggle: (ids: number[], checked: boolean) => void;
}

/** One order's completion pictures with per-order and per-picture checkboxes; a click previews. */
export function GalleryOrderCard({ row, selected, onToggle }: Props) {
  const pics = row.omsProductCompletionPicList;
  const items = itemsOf(pics.map((p) => p.fileUrl).join(','));
  const { open, overlays } = useFilePreview(items);
  const ids = pics.map((p) => p.id);
  const checkedCount = ids.filter((id) => selected.has(id)).length;
  const o = row.omsOrder;
  return (
    <div className="gallery-order" data-testid="gallery-order" data-order-no={o.orderNo}>
      <div className="gallery-order__head">
        <Checkbox
          checked={checkedCount === ids.length && ids.length > 0}
          indeterminate={checkedCount > 0 && checkedCount < ids.length}
          onChange={(e) => onToggle(ids, e.target.checked)}
          data-testid="gallery-order-check"
        >
          <strong>{o.orderNo}</strong>
        </Checkbox>
        <span className="gallery-order__meta">
          客户：{o.realName || '—'} {o.phone}
          {o.phoneExtension ? ` 转 ${o.phoneExtension}` : ''}
        </span>
        <span className="gallery-order__meta">型号：{row.modelName || '—'}</span>
        <span className="gallery-order__meta">服务：{serviceType.label(row.serviceType)}</span>
        <span className="gallery-order__meta">完工时间：{row.completionTime || '—'}</span>
      </div>
      <div className="gallery-order__pics">
        {pics.map((p, i) => {
          const item = items[i]!;
          const checked = selected.has(p.id);
          return (
            <div key={p.id} className={`gallery-pic${checked ? ' gallery-pic--checked' : ''}`}>
              {p.fileType === 1 ? (
                <img src={item.url} alt={`${o.orderNo} 完工图 ${i + 1}`} loading="lazy" onClick={() => open(item)} />
              ) : (
                <div className="gallery-pic__video" role="button" aria-label="播放视频" onClick={() => open(item)}>
                  <PlayCircleOutlined />
                </div>
              )}
              <Checkbox className="gallery-pic__check" checked={checked} onChange={(e) => onToggle([p.id], e.target.checked)} data-testid="gallery-pic-check" aria-label={`选择第${i + 1}张`} />
            </div>
          );
        })}
      </div>
      {overlays}
    </div>
  );
}
