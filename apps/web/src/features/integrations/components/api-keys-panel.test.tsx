import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { API_KEY_CAPABILITIES } from '@portal/domain/api-key-capabilities';

// Accounts review #6: the 开放接口 help box names every capability a key has — the list the server's
// key check reads (API_KEY_ROUTES), extra fees included.

vi.mock('../api/get-api-keys', () => ({ useApiKeys: () => ({ data: [], isFetching: false }) }));
vi.mock('../api/create-api-key', () => ({ useCreateApiKey: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
vi.mock('../api/revoke-api-key', () => ({ useRevokeApiKey: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
const { ApiKeysPanel } = await import('./api-keys-panel');

afterEach(cleanup);

describe('开放接口 help box', () => {
  test('lists every capability of a key, 查看与审批加价申请 included', () => {
    render(<ApiKeysPanel />);
    const help = screen.getByText(/可调用：/).textContent ?? '';
    const listed = /可调用：([^。]*)。/.exec(help)?.[1]?.split('、');
    expect(listed).toEqual(API_KEY_CAPABILITIES.map((c) => c.label));
    expect(listed).toContain('查看与审批加价申请');
  });
});
