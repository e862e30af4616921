import { Input, Rate, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { serviceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import type { PlatformOrderDetail } from '../../api/platform-order';
import { useMasters, type Master } from '../../api/platform-masters';

/** Masters serving the order's city (and service type), nearest district first; a radio table. */
export function MasterPicker({ order, value, onChange }: { order: PlatformOrderDetail; value?: number; onChange?: (id: number) => void }) {
  const [all, setAll] = useState(false);
  const [keyWords, setKeyWords] = useState('');
  const q = useMasters(all ? { keyWords: keyWords || undefined } : { cityCode: order.cityId, serviceType: order.serviceType, keyWords: keyWords || undefined });
  const rows = [...(q.data ?? [])].sort((a, b) => Number(b.districtCodes.includes(order.districtId)) - Number(a.districtCodes.includes(order.districtId)));
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Input.Search placeholder="师傅姓名/手机号" allowClear onSearch={setKeyWords} style={{ width: 220 }} />
        <Tag.CheckableTag checked={all} onChange={setAll}>显示全部地区师傅</Tag.CheckableTag>
      </Space>
      <Table<Master>
        size="small"
        rowKey="id"
        loading={q.isPending}
        dataSource={rows}
        pagination={{ pageSize: 6 }}
        locale={{ emptyText: MSG.emptyList }}
        rowSelection={{ type: 'radio', selectedRowKeys: value ? [value] : [], onChange: (keys) => onChange?.(Number(keys[0])) }}
        onRow={(r) => ({ onClick: () => onChange?.(r.id) })}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '服务区县', render: (_, r) => (r.districtCodes.includes(order.districtId) ? <Tag color="green">{order.districtName}</Tag> : `${r.districtCodes.length} 个区县`) },
          { title: '技能', render: (_, r) => r.skills.map((s) => serviceType.label(s)).join('、') },
          { title: '评分', render: (_, r) => <Rate disabled allowHalf value={r.rating} style={{ fontSize: 12 }} /> },
        ]}
      />
    </div>
  );
}
