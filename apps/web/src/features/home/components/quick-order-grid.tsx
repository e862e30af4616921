import { useQuery } from '@tanstack/react-query';
import { Empty, Popover, Skeleton } from 'antd';
import { serviceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { fileUrlOf } from '../../../components/upload';
import { quickOrdersQuery } from '../api/home';

/** Recent products to order again in one click (GET quicklyOrder, page 1, size 14). */
export function QuickOrderGrid() {
  const q = useQuery(quickOrdersQuery());
  if (q.isPending) return <Skeleton active />;
  const rows = q.data ?? [];
  if (!rows.length) return <Empty description={MSG.emptyList} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="quick-grid">
      {rows.map((r) => (
        // One tile per product and service type (issue 48 item 7): the service type is on the tile too.
        <li key={`${r.productId}-${r.omsOrder.serviceType}`}>
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
            <Link
              to={paths.orderCreate.getHref('quicklyOrder', { productId: r.productId, serviceType: r.omsOrder.serviceType, parole: r.omsOrder.parole, number: r.number, maintenanceType: r.maintenanceType ?? undefined })}
              className="quick-grid__tile"
            >
              {r.productPicture ? <img src={fileUrlOf(r.productPicture)} alt="" /> : <span className="quick-grid__noimg" />}
              <span className="quick-grid__name">{r.modelName || r.categoryName}</span>
              <span className="quick-grid__service" data-testid="quick-service">{serviceType.label(r.omsOrder.serviceType)}</span>
            </Link>
          </Popover>
        </li>
      ))}
    </ul>
  );
}
