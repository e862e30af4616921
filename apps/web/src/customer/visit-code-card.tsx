/** The visit code: shown while the master comes and works; given to the master when the work is done. */
export function VisitCodeCard({ code }: { code: string }) {
  return (
    <section className="cp-card cp-code" aria-labelledby="cp-code-title">
      <h2 id="cp-code-title" className="cp-card__title">核销码</h2>
      <p className="cp-code__digits" aria-label={`核销码 ${code.split('').join(' ')}`}>{code}</p>
      <p className="cp-hint">服务完成、确认无误后，再将核销码告诉师傅；请勿提前告知。</p>
    </section>
  );
}
