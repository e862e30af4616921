import { Button, Input } from 'antd';
import { useState } from 'react';
import { RECHARGE_PRESETS } from '@portal/domain/wallet';

export interface AmountPickerProps {
  /** A preset (number) or the custom text as typed (string); undefined when nothing is chosen. */
  value?: number | string;
  onChange?: (value: number | string | undefined) => void;
  id?: string;
}

/**
 * Top-up amount (spec 01 §4): presets 500/1000/3000/5000 or a custom positive integer.
 * Choosing a preset clears the custom amount; enabling custom clears the presets.
 */
export function AmountPicker({ value, onChange, id }: AmountPickerProps) {
  const [custom, setCustom] = useState(typeof value === 'string');
  const isPreset = (n: number) => !custom && value === n;
  return (
    <div className="amount-picker" id={id} role="group" aria-label="充值金额">
      {RECHARGE_PRESETS.map((n) => (
        <Button
          key={n}
          className="amount-picker__preset"
          type={isPreset(n) ? 'primary' : 'default'}
          aria-pressed={isPreset(n)}
          onClick={() => {
            setCustom(false);
            onChange?.(n);
          }}
        >
          {n} 元
        </Button>
      ))}
      <Button
        className="amount-picker__preset"
        type={custom ? 'primary' : 'default'}
        aria-pressed={custom}
        onClick={() => {
          setCustom(true);
          onChange?.(undefined);
        }}
      >
        自定义
      </Button>
      {custom ? (
        <Input
          className="amount-picker__custom"
          autoFocus
          inputMode="numeric"
          placeholder="请输入充值金额（正整数）"
          suffix="元"
          aria-label="自定义充值金额"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange?.(e.target.value.trim() === '' ? undefined : e.target.value.trim())}
        />
      ) : null}
    </div>
  );
}
