import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookRow } from '@portal/domain/integrations';

// Review integrations #4: the Webhook 推送 help box names every event a merchant can subscribe to (the
// dialog's list, WEBHOOK_EVENTS), as decision 276 did for the API-key box.

vi.mock('../api/get-webhooks', () => ({ useWebhooks: () => ({ data: [], isFetching: false }) }));
vi.mock('../api/remove-webhook', () => ({ useRemoveWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/test-webhook', () => ({ useTestWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/create-webhook', () => ({ useCreateWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/update-webhook', () => ({ useUpdateWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/redeliver-webhook', () => ({ useRedeliverWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/get-webhook-deliveries', () => ({ useWebhookDeliveries: () => ({ data: undefined, isLoading: false }) }));
const { WebhooksPanel, EndpointHealth } = await import('./webhooks-panel');
const { WebhookDialog } = await import('./webhook-dialog');

afterEach(cleanup);

describe('Webhook 推送 help box', () => {
  test('lists every event of WEBHOOK_EVENTS', () => {
    render(<App><WebhooksPanel /></App>);
    const title = screen.getByText(/平台向您的地址推送：/).textContent ?? '';
    const listed = /推送：([^。]*)/.exec(title)?.[1]?.split('、');
    expect(listed).toEqual(WEBHOOK_EVENTS.map((e) => e.label));
    expect(listed).toHaveLength(9);
  });

  test('says redirects are not followed (review integrations #3)', () => {
    render(<App><WebhooksPanel /></App>);
    expect(screen.getByText(/推送不跟随重定向（返回 3xx 视为失败），请填写最终地址/)).toBeTruthy();
    cleanup();
    render(<App><WebhookDialog open editing={null} onClose={() => undefined} /></App>);
    expect(screen.getByText(/推送不跟随重定向（返回 3xx 视为失败），请填写最终地址/)).toBeTruthy();
  });
});

describe('endpoint health (decision 297)', () => {
  const none: WebhookRow['health'] = { okAt: null, failingSince: null, failedAt: null, lastFailure: null, gaveUpAt: null };
  const text = (health: WebhookRow['health']) => {
    cleanup();
    render(<App><EndpointHealth health={health} /></App>);
    return document.querySelector('.int-health')?.textContent;
  };
  test('says 最近推送失败 with the time, 已有事件停止重试 once one was given up, and 推送正常 after a delivery', () => {
    expect(text(none)).toBe('暂无推送');
    expect(text({ ...none, okAt: '2026-12-01 09:00:00' })).toBe('推送正常 · 最近送达 2026-12-01 09:00:00');
    const failing = { ...none, okAt: '2026-12-01 09:00:00', failingSince: '2026-12-01 09:10:00', failedAt: '2026-12-01 10:00:00', lastFailure: '连接被拒绝' };
    expect(text(failing)).toBe('最近推送失败 2026-12-01 10:00:00');
    expect(text({ ...failing, gaveUpAt: '2026-12-02 09:10:00' })).toBe('推送失败，已有事件停止重试 · 最近失败 2026-12-01 10:00:00');
  });
});
