import { useFilePreview, itemsOf } from '../../../components/upload';

/** Voucher pictures of a case as thumbnails that open the shared viewer. */
export function VoucherList({ value }: { value: string }) {
  const items = itemsOf(value);
  const { open, overlays } = useFilePreview(items);
  if (!items.length) return <span className="as-muted">未上传</span>;
  return (
    <div className="as-vouchers">
      {items.map((item) => (
        <img key={item.value} src={item.url} alt={item.name} onClick={() => open(item)} />
      ))}
      {overlays}
    </div>
  );
}
