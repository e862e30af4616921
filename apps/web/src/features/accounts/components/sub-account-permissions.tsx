import { App, Checkbox, Empty, Radio, Select, Skeleton, Tree, type TreeDataNode } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { DATA_SCOPE, type PermissionNode } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { useAllSubAccounts } from '../api/get-sub-accounts';
import { grantSubAccountMenu } from '../api/grant-sub-account-menu';
import { revokeSubAccountMenu } from '../api/revoke-sub-account-menu';
import { setSubAccountMenuAll } from '../api/set-sub-account-menu-all';
import { setSubAccountMenuScope } from '../api/set-sub-account-menu-scope';
import { accountKeys } from '../api/keys';
import { useSubAccountMenu } from '../api/sub-account-menu';

const flatten = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flatten(n.child)]);
const TYPE_NAME: Record<string, string> = { M: '目录', C: '菜单', F: '按钮' };

/**
 * Tab 子账号权限设置: pick a sub-account; select-all; the menu tree whose checkboxes grant or remove
 * at once (the server adds parents and children); a data-scope radio on entries that offer one.
 */
export function SubAccountPermissions() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const subs = useAllSubAccounts();
  const [userId, setUserId] = useState<number | undefined>();
  const tree = useSubAccountMenu(userId);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const first = subs.data?.rows[0];
    if (userId === undefined && first) setUserId(first.id);
  }, [subs.data, userId]);

  const nodes = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const checked = nodes.filter((n) => n.isHave === 1).map((n) => n.id);
  const allChecked = nodes.length > 0 && checked.length === nodes.length;

  const run = async (action: () => Promise<unknown>) => {
    if (!userId) return;
    setBusy(true);
    try {
      await action();
      message.success(MSG.saveOk);
    } catch {
      // shown by the request layer
    } finally {
      await qc.invalidateQueries({ queryKey: accountKeys.subAccountMenu(userId) });
      setBusy(false);
    }
  };

  const toTree = (list: PermissionNode[]): TreeDataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: (
        <span className="acc-perm__node" data-testid={`perm-node-${n.id}`}>
          <span>{n.name}</span>
          <span className="acc-perm__type">{TYPE_NAME[n.menuType] ?? ''}</span>
          {n.dataFlag === 1 && n.isHave === 1 && (
            <span onClick={(e) => e.stopPropagation()}>
              <Radio.Group
                size="small"
                value={n.dataPermissions}
                disabled={busy}
                onChange={(e) => void run(() => setSubAccountMenuScope(userId!, n.id, e.target.value as number))}
                options={[
                  { value: DATA_SCOPE.all, label: '全部数据' },
                  { value: DATA_SCOPE.own, label: '仅本账号数据' },
                ]}
              />
            </span>
          )}
        </span>
      ),
      children: toTree(n.child),
    }));

  if (subs.isPending) return <Skeleton active />;
  if (!subs.data?.rows.length) return <Empty description="暂无子账号，请先在“子账号管理”中添加" />;

  return (
    <div className="acc-perm">
      <div className="acc-perm__bar">
        <span>
          子账号：
          <Select
            style={{ width: 260 }}
            value={userId}
            onChange={setUserId}
            aria-label="选择子账号"
            options={subs.data.rows.map((s) => ({ value: s.id, label: `${s.name}（${s.account}）` }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </span>
        <Checkbox
          checked={allChecked}
          indeterminate={checked.length > 0 && !allChecked}
          disabled={busy || !tree.data}
          onChange={(e) => void run(() => setSubAccountMenuAll(userId!, e.target.checked))}
        >
          全选
        </Checkbox>
      </div>
      {tree.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          selectable={false}
          disabled={busy}
          checkedKeys={{ checked, halfChecked: [] }}
          treeData={toTree(tree.data ?? [])}
          onCheck={(_, info) => {
            const id = Number(info.node.key);
            const node = nodes.find((n) => n.id === id);
            void run(() => (info.checked ? grantSubAccountMenu(userId!, id, node?.dataPermissions ?? DATA_SCOPE.all) : revokeSubAccountMenu(userId!, id)));
          }}
        />
      )}
    </div>
  );
}
