import { Card, Input, Rate, Space, Table, Tag } from 'antd';
import { serviceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { useMasters, type Master } from '../../features/orders/api/platform-masters';
import { regionLabels, useRegionTree } from '../../features/orders/api/get-region-tree';
import { useUrlList, type UrlFields } from '../../lib/url-list-state';

// The keyword in the URL (decision 161).
const URL_FIELDS: UrlFields<{ keyWords?: string }> = { keyWords: 'string' };

/** 师傅管理: the master technicians orders are dispatched to, with their regions and skills. */
export default function MastersScreen() {
  const { filters, setFilters } = useUrlList(URL_FIELDS);
  const keyWords = filters.keyWords ?? '';
  const setKeyWords = (k: string) => setFilters({ keyWords: k || undefined });
  const q = useMasters({ keyWords: keyWords || undefined });
  const tree = useRegionTree();
  const city = (m: Master) => (regionLabels(tree.data ?? [], [m.provinceCode, m.cityCode]) ?? []).join(' ') || m.cityCode;
  return (
    <Card title="师傅管理" variant="borderless">
      <Space style={{ marginBottom: 16 }}>
        <Input.Search key={keyWords} defaultValue={keyWords} placeholder="师傅姓名/手机号" allowClear onSearch={(v) => setKeyWords(v.trim())} style={{ width: 280 }} enterButton="搜索" />
      </Space>
      <Table<Master>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data ?? []}
        locale={{ emptyText: MSG.emptyList }}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 名师傅` }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '服务城市', render: (_, r) => city(r) },
          { title: '服务区县', render: (_, r) => `${r.districtCodes.length} 个` },
          { title: '技能', render: (_, r) => r.skills.map((s) => <Tag key={s}>{serviceType.label(s)}</Tag>) },
          { title: '评分', render: (_, r) => <Rate disabled allowHalf value={r.rating} style={{ fontSize: 14 }} /> },
        ]}
      />
    </Card>
  );
}
