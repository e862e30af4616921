import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { SubAccountRow } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { useDeleteSubAccount } from '../api/delete-sub-account';
import { useSubAccounts } from '../api/get-sub-accounts';
import { SubAccountDialog } from './sub-account-dialog';
import { usePaging } from '../../../lib/paging';
import { useConfirm } from '../../../lib/use-confirm';

/** Tab 子账号管理: table, add/edit dialog, delete with confirmation. */
export function SubAccountTable() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const paging = usePaging(10);
  const { pageNum, pageSize } = paging;
  const [dialog, setDialog] = useState<{ open: boolean; editing: SubAccountRow | null }>({ open: false, editing: null });
  const list = useSubAccounts(pageNum, pageSize);
  const remove = useDeleteSubAccount();

  const askDelete = (row: SubAccountRow) =>
    confirm(MSG.confirmDeleteSubAccount, async () => {
      await remove.mutateAsync(row.id);
      message.success(MSG.deleteOk);
    });

  const columns: TableColumnsType<SubAccountRow> = [
    { title: '昵称', dataIndex: 'name' },
    { title: '手机号', dataIndex: 'phone', render: (v: string) => v || '—' },
    { title: '登录账号', dataIndex: 'account' },
    { title: '密码', dataIndex: 'password' },
    { title: '创建时间', dataIndex: 'createTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setDialog({ open: true, editing: row })}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => askDelete(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, editing: null })}>
          添加子账号
        </Button>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <SubAccountDialog open={dialog.open} editing={dialog.editing} onClose={() => setDialog({ open: false, editing: null })} />
    </>
  );
}
