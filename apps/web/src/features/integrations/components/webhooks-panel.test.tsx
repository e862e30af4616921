import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { WEBHOOK_EVENTS } from '@portal/domain/integrations';

// Review integrations #4: the Webhook 推送 help box names every event a merchant can subscribe to (the
// dialog's list, WEBHOOK_EVENTS), as decision 276 did for the API-key box.

vi.mock('../api/get-webhooks', () => ({ useWebhooks: () => ({ data: [], isFetching: false }) }));
vi.mock('../api/remove-webhook', () => ({ useRemoveWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/test-webhook', () => ({ useTestWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/create-webhook', () => ({ useCreateWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/update-webhook', () => ({ useUpdateWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/redeliver-webhook', () => ({ useRedeliverWebhook: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/get-webhook-deliveries', () => ({ useWebhookDeliveries: () => ({ data: undefined, isLoading: false }) }));
const { WebhooksPanel } = await import('./webhooks-panel');
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
