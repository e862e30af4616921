import { useRef, type KeyboardEvent } from 'react';

const TABS = [
  { key: 'main', label: '主账号' },
  { key: 'sub', label: '子账号' },
] as const;

/**
 * 主账号 / 子账号 as antd's Tabs draws them (top, ink bar under the active one), without antd
 * (decision 183). A tablist: arrows move between the two, Enter / Space choose. The panel is the
 * form below, `login-tabs-panel`.
 */
export function LoginTabs({ isSub, onChange }: { isSub: boolean; onChange: (isSub: boolean) => void }) {
  const refs = useRef<Array<HTMLDivElement | null>>([]);
  const active = isSub ? 1 : 0;
  const choose = (i: number) => {
    onChange(i === 1);
    refs.current[i]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      choose(e.key === 'ArrowLeft' || e.key === 'Home' ? 0 : 1);
    }
  };
  return (
    <div className="plain-tabs">
      <div role="tablist" aria-orientation="horizontal" className="plain-tabs__nav" onKeyDown={onKey}>
        {TABS.map((t, i) => (
          <div key={t.key} className={i === active ? 'plain-tabs__tab plain-tabs__tab--active' : 'plain-tabs__tab'} onClick={() => choose(i)}>
            <div
              ref={(el) => {
                refs.current[i] = el;
              }}
              role="tab"
              id={`login-tab-${t.key}`}
              aria-selected={i === active}
              aria-controls="login-tabs-panel"
              tabIndex={i === active ? 0 : -1}
              className="plain-tabs__btn"
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(i);
                }
              }}
            >
              {t.label}
            </div>
          </div>
        ))}
        <div className="plain-tabs__ink" style={{ transform: `translateX(${active * 74}px)` }} />
      </div>
    </div>
  );
}
