import { useQuery } from '@tanstack/react-query';
import { Empty, Popover, Skeleton } from 'antd';
import { serviceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { getQuickOrders } from '../api/home';

/** Recent products to order again in one click (GET quicklyOrder, page 1, size 14). */
export function QuickOrderGrid() {
  const q = useQuery({ queryKey: ['home', 'quicklyOrder'], queryFn: getQuickOrders, retry: false });
  if (q.isPending) return <Skeleton active />;
  const rows = q.data?.rows ?? [];
  if (!rows.length) return <Empty description={MSG.emptyList} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="quick-grid">
      {rows.map((r) => (
        <li key={r.id}>
          <Popover
            content={
              <div>
                <div>
                  {r.categoryName}（{r.modelName}）
                </div>
                <div>
                  {serviceType.label(r.omsOrder?.serviceType)} x {r.number}
                </div>
              </div>
            }
          >
            <Link to={paths.orderCreate.getHref('quicklyOrder', { id: r.id })} className="quick-grid__tile">
              {r.productPicture ? <img src={r.productPicture} alt="" /> : <span className="quick-grid__noimg" />}
              <span className="quick-grid__name">{r.modelName || r.categoryName}</span>
            </Link>
          </Popover>
        </li>
      ))}
    </ul>
  );
}
