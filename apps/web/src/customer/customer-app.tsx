import { useCallback, useEffect, useMemo, useState } from 'react';
import { CUSTOMER_MSG } from '@portal/domain/customer-page';
import { CustomerApiError, customerApi, type CustomerView } from './customer-api';
import { AppointmentCard } from './appointment-card';
import { ProblemCard } from './problem-card';
import { RatingCard } from './rating-card';
import { ServiceCard } from './service-card';
import { Timeline } from './timeline';
import { VisitCodeCard } from './visit-code-card';

/** A short message at the bottom of the screen, read out by screen readers. */
export function useToast() {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!text) return;
    const t = setTimeout(() => setText(''), 3000);
    return () => clearTimeout(t);
  }, [text]);
  const node = (
    <div className="cp-toast" role="status" aria-live="polite">
      {text && <span className="cp-toast__text">{text}</span>}
    </div>
  );
  return { show: setText, node };
}

export type Act = (run: () => Promise<{ msg: string }>) => Promise<boolean>;

export function CustomerApp({ token }: { token: string }) {
  const api = useMemo(() => customerApi(token), [token]);
  const [view, setView] = useState<CustomerView | null>(null);
  const [failed, setFailed] = useState('');
  const toast = useToast();

  const load = useCallback(
    () =>
      api.view().then(
        (v) => {
          setView(v);
          setFailed('');
        },
        (e: unknown) => setFailed(e instanceof CustomerApiError ? e.message : CUSTOMER_MSG.linkInvalid),
      ),
    [api],
  );
  useEffect(() => {
    if (!token) setFailed(CUSTOMER_MSG.linkInvalid);
    else void load();
  }, [token, load]);

  /** Runs a write: its message as a toast, then the page read again; a refusal's message as a toast. */
  const act: Act = useCallback(
    async (run) => {
      try {
        const r = await run();
        toast.show(r.msg);
        await load();
        return true;
      } catch (e) {
        toast.show(e instanceof Error ? e.message : String(e));
        return false;
      }
    },
    [load, toast],
  );

  if (failed && !view) {
    return (
      <section className="cp-card cp-empty" aria-labelledby="cp-failed">
        <h1 id="cp-failed" className="cp-empty__title">无法查看订单</h1>
        <p>{failed}</p>
      </section>
    );
  }
  if (!view) return <p className="cp-note" role="status">正在加载…</p>;
  return (
    <>
      <section className="cp-hero" aria-labelledby="cp-stage">
        <p className="cp-hero__merchant">{view.merchant}</p>
        <h1 id="cp-stage" className="cp-hero__stage">{view.stage}</h1>
        <p className="cp-hero__service">{view.serviceName}服务 · 订单号 {view.orderNo}</p>
      </section>
      {view.visitCode && <VisitCodeCard code={view.visitCode} />}
      {/* The appointment matters until the work is done. */}
      {view.status < 600 && <AppointmentCard view={view} api={api} act={act} />}
      {(view.canRate || view.rating) && <RatingCard view={view} api={api} act={act} />}
      {(view.problem.canRaise || view.problem.open) && <ProblemCard view={view} api={api} act={act} />}
      <ServiceCard view={view} />
      <Timeline items={view.timeline} />
      <p className="cp-foot">本页面仅显示您的这一笔服务订单，请勿将链接转发他人。</p>
      {toast.node}
    </>
  );
}
