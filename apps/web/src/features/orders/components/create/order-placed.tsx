import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';

/** Out-of-warranty orders skip payment (spec 02 §4): the 'order placed' view. */
export function OrderPlaced({ id, onAnother }: { id: number; onAnother: () => void }) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="success"
        title="下单成功"
        subTitle="保外订单无需在线支付，费用由客户与师傅现场结算，平台将尽快为您派单。"
        extra={[
          <Button type="primary" key="detail" onClick={() => navigate(paths.manage.orderDetail.getHref(id))}>查看订单详情</Button>,
          <Button key="list" onClick={() => navigate(paths.manage.order.getHref())}>返回订单列表</Button>,
          <Button key="again" onClick={onAnother}>继续下单</Button>,
        ]}
      />
    </Card>
  );
}
