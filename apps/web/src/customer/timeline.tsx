import type { CustomerView } from './customer-api';

/** The order's steps in the customer's words, newest first. */
export function Timeline({ items }: { items: CustomerView['timeline'] }) {
  if (!items.length) return null;
  return (
    <section className="cp-card" aria-labelledby="cp-timeline-title">
      <h2 id="cp-timeline-title" className="cp-card__title">服务进度</h2>
      <ol className="cp-timeline">
        {items.map((x, i) => (
          <li key={`${x.time}-${i}`} className={i === 0 ? 'cp-timeline__item cp-timeline__item--now' : 'cp-timeline__item'}>
            <span className="cp-timeline__text">{x.text}</span>
            <time className="cp-timeline__time">{x.time}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
