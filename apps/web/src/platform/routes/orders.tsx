import { Card, Input, Select, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { ORDER_STATUS, orderStatus, parole, serviceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { paths } from '../../config/paths';
import { usePlatformOrders, type PlatformOrderRow } from '../../features/orders/api/platform-orders';
import { yuan } from '../../features/orders/components/order-price';
import { OrderStatusTag } from '../../features/orders/components/order-status-tag';
import { useUrlList, type UrlFields } from '../../lib/url-list-state';

/** 订单调度: every vendor's orders (stored status, not the virtual-taking display), newest first. */
const URL_FIELDS: UrlFields<{ status?: number; keyWords?: string; appointment?: string }> = { status: 'number', keyWords: 'string', appointment: 'string' };

export default function OrdersDispatchScreen() {
  // Status (-1 all; absent: 待接单), keyword and page in the URL (decision 161).
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 20);
  const appointment = filters.appointment ?? '';
  // A request or a failed booking may wait at any status before the visit: its filter looks at every status unless one is chosen.
  const chosen = filters.status ?? (appointment ? -1 : ORDER_STATUS.awaitingAccept);
  const status = chosen === -1 ? undefined : chosen;
  const keyWords = filters.keyWords ?? '';
  const setStatus = (v: number | undefined) => {
    const next = v ?? -1;
    setFilters((f) => ({ ...f, status: next === ORDER_STATUS.awaitingAccept && !f.appointment ? undefined : next }));
  };
  const setKeyWords = (k: string) => setFilters((f) => ({ ...f, keyWords: k || undefined }));
  const { pageNum, pageSize } = paging;
  const list = usePlatformOrders({ status, keyWords: keyWords || undefined, appointment: (appointment || undefined) as 'pending' | 'failed' | undefined, pageNum, pageSize });
  return (
    <Card title="订单调度" variant="borderless">
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          style={{ width: 160 }}
          value={status ?? -1}
          onChange={(v: number) => { setStatus(v === -1 ? undefined : v); paging.toFirstPage(); }}
          options={[{ value: -1, label: '全部状态' }, ...orderStatus.options]}
          aria-label="订单状态"
        />
        <Select
          style={{ width: 160 }}
          value={appointment}
          onChange={(v: string) => { setFilters((f) => ({ ...f, appointment: v || undefined })); paging.toFirstPage(); }}
          options={[{ value: '', label: '全部预约情况' }, { value: 'pending', label: '待处理改约' }, { value: 'failed', label: '预约失败' }]}
          aria-label="预约情况"
        />
        <Input.Search key={keyWords} defaultValue={keyWords} placeholder="订单编号/客户手机号/姓名" allowClear onSearch={(v) => { setKeyWords(v.trim()); paging.toFirstPage(); }} style={{ width: 280 }} enterButton="搜索" />
      </Space>
      <Table<PlatformOrderRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
        columns={[
          { title: '订单编号', dataIndex: 'orderNo', render: (v: string, r) => <Link to={paths.platform.orderDetail.getHref(r.id)}>{v}</Link> },
          { title: '厂家', dataIndex: 'vendorCompany' },
          { title: '服务', render: (_, r) => `${parole.label(r.parole)} · ${serviceType.label(r.serviceType)}${r.urgentFlag === '1' ? ' · 加急' : ''}` },
          { title: '客户', render: (_, r) => <span>{r.realName} {r.phone}<br /><Typography.Text type="secondary">{r.provinceName}{r.cityName}{r.districtName}</Typography.Text></span> },
          { title: '状态', render: (_, r) => <Space orientation="vertical" size={0}><OrderStatusTag status={r.realStatus} /><Typography.Text type="secondary">{r.nodeName}</Typography.Text></Space> },
          { title: '师傅', render: (_, r) => (r.master ? `${r.master.name} ${r.master.phone}` : '—') },
          { title: '金额', render: (_, r) => yuan(r.totalPrice) },
          { title: '下单时间', dataIndex: 'createTime' },
          { title: '操作', render: (_, r) => <Link to={paths.platform.orderDetail.getHref(r.id)}>处理</Link> },
        ]}
      />
    </Card>
  );
}
