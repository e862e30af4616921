import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { useUrlList, type UrlFields } from './url-list-state';

// Decision 161's lists keep their filters in the URL. Two changes made before the first one's render
// (React Router renders a navigation as a transition; a fast hand or a busy machine gets there first)
// must both stay: a status picked, then a keyword searched.
const FIELDS: UrlFields<{ status?: number; keyWords?: string }> = { status: 'number', keyWords: 'string' };

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/orders?pageNum=3']}>{children}</MemoryRouter>;

function useListAndQuery() {
  return { list: useUrlList(FIELDS, 20), search: useLocation().search };
}

afterEach(cleanup);

describe('useUrlList', () => {
  test('an updater builds on the filters written last, not on the render that made the handler', () => {
    const { result } = renderHook(useListAndQuery, { wrapper });
    const { setFilters, paging } = result.current.list; // the handlers of one render, as a page's callbacks hold them
    act(() => {
      setFilters((f) => ({ ...f, status: -1 }));
      setFilters((f) => ({ ...f, keyWords: '138' }));
      paging.toFirstPage();
    });
    expect(new URLSearchParams(result.current.search).toString()).toBe('status=-1&keyWords=138');
    expect(result.current.list.filters).toEqual({ status: -1, keyWords: '138' });
  });

  test('a value replaces the filters, and a later updater sees it', () => {
    const { result } = renderHook(useListAndQuery, { wrapper });
    act(() => result.current.list.setFilters({ keyWords: 'KFR' }));
    act(() => result.current.list.setFilters((f) => ({ ...f, status: 2 })));
    expect(result.current.list.filters).toEqual({ status: 2, keyWords: 'KFR' });
    act(() => result.current.list.setFilters({}));
    expect(result.current.search).toBe('');
  });
});
