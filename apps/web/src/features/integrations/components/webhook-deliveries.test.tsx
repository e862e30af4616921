import { cleanup, fireEvent, render } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WebhookDeliveryRow } from '@portal/domain/integrations';
import { webhookFailureText } from '@portal/domain/webhook-failures';

// Review integrations #3 (decision 296): 发送记录 shows each attempt's reason in Chinese with the status
// received, never 无响应 for a receiver that answered.

const trickled = webhookFailureText({ kind: 'timeout', seconds: 10, status: 200 });
const refused = webhookFailureText({ kind: 'refused' });
const redirected = webhookFailureText({ kind: 'redirect', status: 302 });
const row: WebhookDeliveryRow = {
  id: 1, messageId: 'msg_1', eventType: 'webhook.test', status: 'delivered', attempts: 4, lastStatus: 200, lastError: null,
  createdAt: '2026-12-01 10:00:00', doneAt: '2026-12-01 10:01:10', nextAt: null, payload: '{"type":"webhook.test"}',
  attemptLog: [
    { statusCode: null, error: refused, durationMs: 2, at: '2026-12-01 10:00:00' },
    { statusCode: 200, error: trickled, durationMs: 10005, at: '2026-12-01 10:00:10' },
    { statusCode: 302, error: redirected, durationMs: 4, at: '2026-12-01 10:00:40' },
    { statusCode: 200, error: null, durationMs: 35, at: '2026-12-01 10:01:10' },
  ],
};

vi.mock('../api/redeliver-webhook', () => ({ useRedeliverWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/get-webhook-deliveries', () => ({ useWebhookDeliveries: () => ({ data: { rows: [row], total: 1 }, isLoading: false }) }));
const { WebhookDeliveries } = await import('./webhook-deliveries');

afterEach(cleanup);

describe('发送记录 attempts', () => {
  test('each attempt says why in Chinese, with the status it received', () => {
    render(<App><WebhookDeliveries endpoint={{ id: 3, url: 'http://127.0.0.1:19302/hook', events: ['wallet.moved'], secret: 'whsec_x', createdAt: '', updatedAt: '' }} onClose={() => undefined} /></App>);
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
