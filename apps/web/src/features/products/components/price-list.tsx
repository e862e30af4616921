import { PRICE_FIELDS, PRICE_LABEL } from '@portal/domain/enums';
import { guideKey, type ProductRow } from '@portal/domain/products';

const yuan = (n: number) => `¥${n.toFixed(2)}`;

/** Each offered service: the in-warranty price with the out-of-warranty guide price beside it. */
export function PriceList({ product }: { product: ProductRow }) {
  const offered = PRICE_FIELDS.filter((f) => product[f] != null);
  return (
    <ul className="product-prices">
      {offered.map((f) => {
        const guide = product[guideKey(f)];
        return (
          <li key={f} data-testid={`price-${f}`}>
            <span className="product-prices__label" title={PRICE_LABEL[f]}>{PRICE_LABEL[f]}</span>
            <span className="product-prices__value">{yuan(product[f]!)}</span>
            <span className="product-prices__guide" title="保外指导价">/ {guide == null ? '待定' : yuan(guide)}</span>
          </li>
        );
      })}
    </ul>
  );
}
