import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { FILE_TYPE_NAME } from '@portal/domain/files';
import type { KnowledgeItem } from '@portal/domain/knowledge';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { downloadKnowledge } from '../../../features/knowledge/api/download-knowledge';
import { useKnowledge } from '../../../features/knowledge/api/get-knowledge';
import { useRemoveKnowledge } from '../../../features/knowledge/api/remove-knowledge';
import { KnowledgeDialog } from '../../../features/knowledge/components/knowledge-dialog';
import { useAccess } from '../../../lib/access';
import { useUrlList, type UrlFields } from '../../../lib/url-list-state';
import { useConfirm } from '../../../lib/use-confirm';
import { FilterActions } from '../../../components/filter-bar';

const SELECT_TO_DOWNLOAD = '请勾选需要下载的文件';

// The title filter and the page in the URL (decision 161).
const URL_FIELDS: UrlFields<{ title?: string }> = { title: 'string' };

/** 知识库管理 (spec 01 §2 zhiShiKu): keyword, add, table with download/edit/delete, zipped download. */
export default function ZhiShiKuScreen() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const canEdit = can(PERM.baseEdit);
  const [filter] = Form.useForm();
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const { title } = filters;
  useEffect(() => filter.setFieldsValue({ title: title ?? '' }), [filter, title]);
  const { pageNum, pageSize } = paging;
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; editing: KnowledgeItem | null }>({ open: false, editing: null });
  const list = useKnowledge({ title, pageNum, pageSize });
  const remove = useRemoveKnowledge();

  const download = (ids: number[], name: string) => {
    if (!ids.length) return void message.warning(SELECT_TO_DOWNLOAD);
    downloadKnowledge(ids, name).catch(() => undefined);
  };

  const askDelete = (row: KnowledgeItem) =>
    confirm(MSG.confirmDeleteKnowledge, async () => {
      await remove.mutateAsync(row.id);
      message.success(MSG.deleteOk);
      setSelected((s) => s.filter((id) => id !== row.id));
    });

  const columns: TableColumnsType<KnowledgeItem> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', width: 180 },
    { title: '文件类型', dataIndex: 'fileType', width: 110, render: (v: number) => <Tag>{FILE_TYPE_NAME[v] ?? '文件'}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => download([row.id], row.fileName || row.title)}>
            下载
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setDialog({ open: true, editing: row })}>
              编辑
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" danger onClick={() => askDelete(row)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title="知识库管理">
      <Form
        form={filter}
        name="knowledgeFilter"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 12 }}
        onFinish={(v: { title?: string }) => {
          setFilters({ title: v.title?.trim() || undefined });
        }}
      >
        <Form.Item label="标题" name="title">
          <Input placeholder="请输入关键字" allowClear style={{ width: 240 }} maxLength={100} />
        </Form.Item>
        <Form.Item>
          <FilterActions
            applyText="查询"
            onReset={() => {
              filter.resetFields();
              setFilters({});
            }}
          />
        </Form.Item>
        <Form.Item style={{ marginInlineStart: 'auto', marginInlineEnd: 0 }}>
          <Space>
            <Button icon={<DownloadOutlined />} onClick={() => download(selected, '知识库.zip')}>
              批量下载{selected.length ? `（${selected.length}）` : ''}
            </Button>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, editing: null })}>
                新增
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        locale={{ emptyText: MSG.emptyList }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <KnowledgeDialog open={dialog.open} editing={dialog.editing} onClose={() => setDialog({ open: false, editing: null })} />
    </Card>
  );
}
