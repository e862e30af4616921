import { cleanup, fireEvent, render } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WebhookDeliveryRow } from '@portal/domain/integrations';
import { webhookFailureText } from '@portal/domain/webhook-failures';

// Review integrations #3 (decision 296): 发送记录 shows each attempt's reason in Chinese with the status
// received, never 无响应 for a receiver that answered. Review integrations, notes (decision 297): a
// pending row says 待发送 or 发送中 until an attempt failed, then 等待重试 with its next time.

const trickled = webhookFailureText({ kind: 'timeout', seconds: 10, status: 200 });
const refused = webhookFailureText({ kind: 'refused' });
const redirected = webhookFailureText({ kind: 'redirect', status: 302 });
const row: WebhookDeliveryRow = {
  id: 1, messageId: 'msg_1', eventType: 'webhook.test', status: 'delivered', attempts: 4, lastStatus: 200, lastError: null,
  createdAt: '2026-12-01 10:00:00', doneAt: '2026-12-01 10:01:10', phase: null, nextAt: null, payload: '{"type":"webhook.test"}',
  attemptLog: [
    { statusCode: null, error: refused, durationMs: 2, at: '2026-12-01 10:00:00' },
    { statusCode: 200, error: trickled, durationMs: 10005, at: '2026-12-01 10:00:10' },
    { statusCode: 302, error: redirected, durationMs: 4, at: '2026-12-01 10:00:40' },
    { statusCode: 200, error: null, durationMs: 35, at: '2026-12-01 10:01:10' },
  ],
};

vi.mock('../api/redeliver-webhook', () => ({ useRedeliverWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
let rows: WebhookDeliveryRow[] = [row];
vi.mock('../api/get-webhook-deliveries', () => ({ useWebhookDeliveries: () => ({ data: { rows, total: rows.length }, isLoading: false }) }));
const { WebhookDeliveries } = await import('./webhook-deliveries');

afterEach(() => {
  cleanup();
  rows = [row];
});
const endpoint = { id: 3, url: 'http://127.0.0.1:19302/hook', events: ['wallet.moved'], secret: 'whsec_x', createdAt: '', updatedAt: '', health: { okAt: null, failingSince: null, failedAt: null, lastFailure: null, gaveUpAt: null } };

describe('发送记录 attempts', () => {
  test('each attempt says why in Chinese, with the status it received', () => {
    render(<App><WebhookDeliveries endpoint={endpoint} onClose={() => undefined} /></App>);
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    const lines = [...document.querySelectorAll('.int-attempt')].map((e) => e.textContent);
    expect(lines).toEqual([
      `第1次 2026-12-01 10:00:00 · 未收到状态码 · 2 ms · ${refused}`,
      `第2次 2026-12-01 10:00:10 · 状态码 200 · 10005 ms · ${trickled}`,
      `第3次 2026-12-01 10:00:40 · 状态码 302 · 4 ms · ${redirected}`,
      '第4次 2026-12-01 10:01:10 · 状态码 200 · 35 ms · 已送达',
    ]);
    expect(document.body.textContent).not.toContain('无响应');
  });
});

describe('发送记录 pending rows', () => {
  const pending = (id: number, phase: WebhookDeliveryRow['phase'], nextAt: string | null, tried: boolean): WebhookDeliveryRow => ({
    ...row, id, messageId: `msg_${id}`, status: 'pending', attempts: tried ? 1 : 0, lastStatus: tried ? 500 : null, lastError: tried ? webhookFailureText({ kind: 'status', status: 500 }) : null,
    doneAt: null, phase, nextAt, attemptLog: tried ? [{ statusCode: 500, error: webhookFailureText({ kind: 'status', status: 500 }), durationMs: 5, at: '2026-12-01 10:00:00' }] : [],
  });

  test('待发送 and 发送中 before the first attempt, 等待重试 with the next time only after a failed one', () => {
    rows = [pending(11, 'queued', null, false), pending(12, 'sending', null, false), pending(13, 'retry', '2026-12-01 10:00:10', true)];
    render(<App><WebhookDeliveries endpoint={endpoint} onClose={() => undefined} /></App>);
    const cells = [...document.querySelectorAll('.ant-table-row')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    const status = cells.map((c) => c[4]);
    const op = cells.map((c) => c[7]);
    expect(status).toEqual(['待发送', '发送中', '等待重试']);
    expect(op).toEqual(['—', '—', '10:00:10 重试']);
    const expand = () => [...document.querySelectorAll('.ant-table-row-expand-icon')];
    fireEvent.click(expand()[0]!);
    expect(document.body.textContent).not.toContain('下次尝试');
    fireEvent.click(expand()[2]!);
    expect(document.body.textContent).toContain('下次尝试：2026-12-01 10:00:10');
    expect(document.body.textContent).not.toContain('发送失败');
  });
});
