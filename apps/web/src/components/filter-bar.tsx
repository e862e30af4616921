import { Button, Space } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * The draft of a filter row: edited field by field, applied only by the apply button or Enter. It
 * starts from — and follows — the applied filters (`applied`, from the URL: refresh, back, a link).
 */
export function useFilterDraft<T extends object>(applied?: T) {
  const [draft, setDraft] = useState<T>(() => ({ ...(applied ?? {}) }) as T);
  useEffect(() => {
    if (applied) setDraft({ ...applied });
  }, [applied]);
  const set = (patch: Partial<T>) => setDraft((d) => ({ ...d, ...patch }));
  return { draft, set, clear: () => setDraft({} as T) };
}

interface FilterBarProps<T> {
  className: string;
  testId?: string;
  draft: T;
  clear: () => void;
  onApply: (v: T) => void;
  /** 筛选 by default; the product list says 搜索. */
  applyText?: string;
  children: ReactNode;
}

/** The apply and 重置 buttons of a filter row; without `onApply` the apply button submits its form. */
export function FilterActions({ applyText = '筛选', onApply, onReset }: { applyText?: string; onApply?: () => void; onReset: () => void }) {
  return (
    <Space>
      <Button type="primary" htmlType={onApply ? 'button' : 'submit'} onClick={onApply} data-action="apply">
        {applyText}
      </Button>
      <Button onClick={onReset} data-action="reset">
        重置
      </Button>
    </Space>
  );
}

/** A wrapping row of filter fields followed by apply and 重置 (which clears and applies nothing). */
export function FilterBar<T extends object>({ className, testId, draft, clear, onApply, applyText = '筛选', children }: FilterBarProps<T>) {
  return (
    <div className={className} data-testid={testId}>
      <Space wrap size={[16, 12]}>
        {children}
        <FilterActions
          applyText={applyText}
          onApply={() => onApply(draft)}
          onReset={() => {
            clear();
            onApply({} as T);
          }}
        />
      </Space>
    </div>
  );
}
