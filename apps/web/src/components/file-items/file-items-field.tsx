import { DeleteOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { ProductFile } from '@portal/domain/products';
import { useFilePreview } from '../upload';
import { itemOf } from '../upload/upload-value';
import { FileItemDialog } from './file-item-dialog';

export interface FileItemsFieldProps {
  value?: ProductFile[];
  onChange?: (items: ProductFile[]) => void;
  types: readonly string[];
  dialogTitle: string;
  buttonText: string;
  id?: string;
}

/** Operation videos or finished drawings: titled files, any number, added one by one through the dialog. */
export function FileItemsField({ value = [], onChange, types, dialogTitle, buttonText, id }: FileItemsFieldProps) {
  const [open, setOpen] = useState(false);
  const items = value.map((f) => ({ ...itemOf(f.fileUrl), name: f.fileName }));
  const { open: preview, overlays } = useFilePreview(items);
  return (
    <div className="product-files" id={id}>
      {items.map((item, i) => (
        <div className="product-files__item" key={`${item.value}-${i}`} data-testid="product-file">
          <button type="button" className="product-files__thumb" onClick={() => preview(item)} title={item.name}>
            {item.type === 'picture' ? <img src={item.url} alt={item.name} /> : <PlayCircleOutlined />}
          </button>
          <span className="product-files__name" title={item.name}>{item.name}</span>
          <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`删除${item.name}`} onClick={() => onChange?.(value.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {buttonText}
      </Button>
      <FileItemDialog
        open={open}
        title={dialogTitle}
        types={types}
        onCancel={() => setOpen(false)}
        onOk={(item) => {
          onChange?.([...value, item]);
          setOpen(false);
        }}
      />
      {overlays}
    </div>
  );
}
