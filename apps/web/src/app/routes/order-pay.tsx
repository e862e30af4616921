import { AlipayCircleOutlined, WalletOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Descriptions, Radio, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ORDER_STATUS, serviceType, parole } from '@portal/domain/enums';
import { yuanToFen } from '@portal/domain/money';
import { PERM } from '@portal/domain/permissions';
import { paths } from '../../config/paths';
import { useAccess } from '../../lib/access';
import { RequirePermission } from '../../features/access/components/require-permission';
import { isApiError } from '../../lib/request';
import { useWallet } from '../../features/wallet/api/get-wallet';
import { useOrder } from '../../features/orders/api/get-order';
import { usePayOrder } from '../../features/orders/api/pay-order';
import { ExpensePopover } from '../../features/orders/components/expense-popover';
import { yuan } from '../../features/orders/components/order-price';
import '../../features/orders/components/orders.css';

/** /orderPay?id (spec 02 §2.3); the screen reads the order, so it needs the order list key (decision 115). */
export default function OrderPayScreen() {
  return (
    <RequirePermission perm={PERM.orderList}>
      <OrderPay />
    </RequirePermission>
  );
}

/** Summary, expenses, total, balance payment (WeChat/Alipay greyed), success view. */
function OrderPay() {
  const [search] = useSearchParams();
  const id = search.get('id');
  const navigate = useNavigate();
  const { can } = useAccess();
  const order = useOrder(id);
  const wallet = useWallet();
  const balance = wallet.data?.balance;
  const pay = usePayOrder();
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  const o = order.data;

  const crumbs = <Breadcrumb style={{ marginBottom: 16 }} items={[{ title: <Link to={paths.index.getHref()}>首页</Link> }, { title: '订单支付' }]} />;
  if (!id || order.isError) {
    return <>{crumbs}<Card><Result status="404" title="订单不存在" extra={<Button onClick={() => navigate(paths.manage.order.getHref())}>返回订单列表</Button>} /></Card></>;
  }
  if (!o) return <>{crumbs}<Card><Skeleton active paragraph={{ rows: 8 }} /></Card></>;

  const links = [
    <Button type="primary" key="detail" onClick={() => navigate(paths.manage.orderDetail.getHref(o.id, 'orderPay'))}>查看订单详情</Button>,
    <Button key="list" onClick={() => navigate(paths.manage.order.getHref())}>返回订单列表</Button>,
  ];
  if (paid) {
    return <>{crumbs}<Card><Result status="success" title="支付成功" subTitle={`订单 ${o.orderNo} 已支付 ${yuan(o.totalPrice)}，平台将尽快为您派单。`} extra={links} data-testid="pay-success" /></Card></>;
  }
  if (o.status !== ORDER_STATUS.unpaid) {
    return <>{crumbs}<Card><Result status="info" title="该订单无需支付" subTitle={`订单 ${o.orderNo} 当前状态：${o.statusName}`} extra={links} /></Card></>;
  }

  const totalFen = yuanToFen(o.totalPrice);
  const balanceFen = balance === undefined ? null : yuanToFen(balance);
  const short = balanceFen !== null && balanceFen < totalFen;
  const doPay = async () => {
    setError(null);
    try {
      await pay.mutateAsync(o.id);
      setPaid(true);
    } catch (e) {
      setError(isApiError(e) ? e.message : '支付失败，请稍后再试');
      void wallet.refetch();
    }
  };
  const expenses = o.omsOrderExpenses.map((e) => ({ name: e.name, amount: Number(e.price).toFixed(2), type: e.type }));

  return (
    <div className="order-pay" data-testid="order-pay">
      {crumbs}
      <Card title="订单信息" className="order-detail__section">
        <Descriptions column={2} size="small">
          <Descriptions.Item label="订单编号">{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{o.createTime}</Descriptions.Item>
          <Descriptions.Item label="服务类型">{parole.label(o.parole)} · {serviceType.label(o.serviceType)}</Descriptions.Item>
          <Descriptions.Item label="客户">{o.realName} {o.phone}</Descriptions.Item>
          <Descriptions.Item label="服务地址" span={2}>{o.provinceName}{o.cityName}{o.districtName}{o.detailAddress}</Descriptions.Item>
          <Descriptions.Item label="产品" span={2}>
            {o.productList.map((p) => `${p.categoryName} ${p.modelName} × ${p.number}`).join('；')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="费用明细" className="order-detail__section">
        {expenses.map((e, i) => (
          <div key={`${e.name}-${i}`} style={{ display: 'flex', justifyContent: 'space-between', lineHeight: '30px' }}>
            <span>{e.name}</span>
            <Typography.Text type={e.type === 2 ? 'success' : undefined}>{e.type === 2 ? '-' : ''}￥{e.amount}</Typography.Text>
          </div>
        ))}
        <div style={{ display: 'flex', justifyContent: 'flex-end', borderTop: '1px solid #f0f0f0', marginTop: 8, paddingTop: 12, fontSize: 16 }}>
          <Space>
            应付金额
            <ExpensePopover lines={expenses} total={o.totalPrice.toFixed(2)}>
              <strong style={{ color: '#d4380d', fontSize: 22 }} data-testid="pay-total">￥{o.totalPrice.toFixed(2)}</strong>
            </ExpensePopover>
          </Space>
        </div>
      </Card>
      <Card title="支付方式" className="order-detail__section">
        <Radio.Group value="balance" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Radio value="balance">
            <Space><WalletOutlined style={{ color: '#1b5fd1' }} />余额支付<Typography.Text type="secondary">（可用余额 {balance === undefined ? '—' : yuan(balance)}）</Typography.Text></Space>
          </Radio>
          <Radio value="wechat" disabled><Space><WechatOutlined />微信支付（暂未开通）</Space></Radio>
          <Radio value="alipay" disabled><Space><AlipayCircleOutlined />支付宝（暂未开通）</Space></Radio>
        </Radio.Group>
        {(short || error) && (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            title={error ?? '账户余额不足，请先充值'}
            action={<Button size="small" onClick={() => navigate(paths.manage.accountRecharge.getHref())}>去充值</Button>}
            data-testid="pay-error"
          />
        )}
        <div style={{ textAlign: 'right', marginTop: 16 }}>
          <Button type="primary" size="large" loading={pay.isPending} disabled={!can(PERM.orderPay)} onClick={() => void doPay()} data-action="pay">
            确认支付 {yuan(o.totalPrice)}
          </Button>
        </div>
      </Card>
    </div>
  );
}
