import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PERM } from '@portal/domain/permissions';
import { paths } from '../../../../config/paths';
import { useAccess } from '../../../../lib/access';

/**
 * The 'order placed' view: out-of-warranty orders skip payment (spec 02 §4); an in-warranty order placed
 * by a sub-account that may not open or pay it waits for someone who may (`awaitingPayment`).
 */
export function OrderPlaced({ id, onAnother, awaitingPayment = false }: { id: number; onAnother: () => void; awaitingPayment?: boolean }) {
  const navigate = useNavigate();
  // A sub-account without the order list key cannot open the order (decision 115); it may place another.
  const { can } = useAccess();
  const canSee = can(PERM.orderList);
  return (
    <Card>
      <Result
        status="success"
        title="下单成功"
        subTitle={awaitingPayment ? '订单已提交，待有支付权限的账号完成支付后，平台将尽快为您派单。' : '保外订单无需在线支付，费用由客户与师傅现场结算，平台将尽快为您派单。'}
        extra={[
          ...(canSee
            ? [
                <Button type="primary" key="detail" onClick={() => navigate(paths.manage.orderDetail.getHref(id))}>查看订单详情</Button>,
                <Button key="list" onClick={() => navigate(paths.manage.order.getHref())}>返回订单列表</Button>,
              ]
            : []),
          <Button key="again" type={canSee ? 'default' : 'primary'} onClick={onAnother}>继续下单</Button>,
        ]}
      />
    </Card>
  );
}
