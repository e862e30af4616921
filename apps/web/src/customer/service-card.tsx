import type { CustomerView } from './customer-api';

/** The service, the products, the master (surname and a masked phone) and the address, partly masked. */
export function ServiceCard({ view }: { view: CustomerView }) {
  return (
    <section className="cp-card" aria-labelledby="cp-service-title">
      <h2 id="cp-service-title" className="cp-card__title">服务信息</h2>
      <dl className="cp-facts">
        <dt>服务项目</dt>
        <dd>{view.serviceName}</dd>
        <dt>产品</dt>
        <dd>{view.products.map((p) => `${p.name} × ${p.number}`).join('；') || '—'}</dd>
        <dt>服务师傅</dt>
        <dd>{view.master ? `${view.master.surname}师傅 ${view.master.phone}` : '正在安排'}</dd>
        <dt>服务地址</dt>
        <dd>
          {view.address.region}
          {view.address.detail}
        </dd>
      </dl>
    </section>
  );
}
