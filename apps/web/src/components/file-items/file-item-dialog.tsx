import { Form, Input, Modal } from 'antd';
import { MSG } from '@portal/domain/messages';
import { fileTypeCode } from '@portal/domain/files';
import type { ProductFile } from '@portal/domain/products';
import { UploadField } from '../upload';

export interface FileItemDialogProps {
  open: boolean;
  title: string;
  /** Allowed extensions: videos mp4/avi/wmv, drawings png/jpg/jpeg. */
  types: readonly string[];
  onOk: (item: ProductFile) => void;
  onCancel: () => void;
}

/** The upload dialog of spec 02 §2.7: a title and one file. */
export function FileItemDialog({ open, title, types, onOk, onCancel }: FileItemDialogProps) {
  const [form] = Form.useForm<{ fileName: string; fileUrl: string }>();
  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    onOk({ fileName: v.fileName.trim(), fileUrl: v.fileUrl, fileType: fileTypeCode(v.fileUrl) });
    form.resetFields();
  };
  return (
    <Modal open={open} title={title} onOk={submit} onCancel={onCancel} afterClose={() => form.resetFields()} destroyOnHidden okText={MSG.confirm} cancelText={MSG.cancel}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="标题" name="fileName" rules={[{ required: true, whitespace: true, message: MSG.titleRequired }, { max: 50, message: '标题最多50个字符' }]}>
          <Input placeholder={MSG.titleRequired} maxLength={50} />
        </Form.Item>
        <Form.Item label="文件" name="fileUrl" rules={[{ required: true, message: MSG.fileRequired }]}>
          <UploadField dir="product" types={types} maxCount={1} buttonText="上传文件" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
