import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { CapLine } from './extra-fee-list';

// Review fees and time (notes): on an order without a cap the card said "1小时未处理上限内自动通过",
// while the timeout refuses every request there (未设置加价上限，自动驳回).

afterEach(cleanup);
const cap = (over: Partial<Parameters<typeof CapLine>[0]['cap']>) => ({ cap: 100, used: 0, left: 100, overCap: 'wait', timeoutHours: 1, timeoutAction: 'approve', ...over }) as Parameters<typeof CapLine>[0]['cap'];
const rules = (c: Parameters<typeof CapLine>[0]['cap']) => {
  render(<CapLine cap={c} />);
  const text = screen.getByTestId('extra-fee-rules').textContent;
  cleanup();
  return text;
};

describe('the extra-fee card’s rule line', () => {
  test('without a cap: every request waits for the merchant and an unanswered one is refused', () => {
    expect(rules(cap({ cap: null, left: null }))).toBe('未设置加价上限：每笔加价都需厂家审批，1小时未处理自动驳回');
    expect(rules(cap({ cap: null, left: null, overCap: 'refuse', timeoutHours: 24 }))).toBe('未设置加价上限：每笔加价都需厂家审批，24小时未处理自动驳回');
  });
  test('with a cap: the over-cap rule and the timeout rule as set', () => {
    expect(rules(cap({}))).toBe('超出上限需厂家审批，1小时未处理上限内自动通过');
    expect(rules(cap({ overCap: 'refuse', timeoutAction: 'reject', timeoutHours: 6 }))).toBe('超出上限直接驳回，6小时未处理自动驳回');
  });
});
