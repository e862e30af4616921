import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { KNOWLEDGE_EXT } from '@portal/domain/files';
import { KNOWLEDGE_TITLE_MAX, knowledgeAddBody, type KnowledgeItem } from '@portal/domain/knowledge';
import { MSG } from '@portal/domain/messages';
import { UploadField } from '../../../components/upload';
import { zodRule } from '../../../lib/form-rules';
import { useSaveKnowledge } from '../api/save-knowledge';

/** Add or edit a knowledge item: a title and exactly one uploaded file. */
export function KnowledgeDialog({ open, editing, onClose }: { open: boolean; editing: KnowledgeItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveKnowledge();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ title: editing.title, fileUrl: editing.fileUrl });
  }, [open, editing, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ id: editing?.id, title: v.title.trim(), fileUrl: v.fileUrl });
    } catch {
      return;
    }
    message.success(editing ? MSG.modifyOk : MSG.addOk);
    onClose();
  };

  return (
    <Modal open={open} title={editing ? '编辑知识库' : '新增知识库'} onCancel={onClose} onOk={submit} okText={MSG.confirm} cancelText={MSG.cancel} confirmLoading={save.isPending} forceRender width={560}>
      <Form form={form} name="knowledge" layout="horizontal" labelCol={{ flex: '80px' }}>
        <Form.Item label="标题" name="title" required rules={[zodRule(knowledgeAddBody.shape.title)]}>
          <Input placeholder="请输入标题" maxLength={KNOWLEDGE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item label="文件" name="fileUrl" required rules={[zodRule(knowledgeAddBody.shape.fileUrl)]} extra={`仅限一个文件，支持 ${KNOWLEDGE_EXT.join('、')}`}>
          <UploadField dir="knowledge" types={KNOWLEDGE_EXT} maxCount={1} display="list" buttonText="上传文件" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
