import { useState } from 'react';
import type { PaginationProps } from 'antd';
import { PAGE_SIZE_OPTIONS } from '@portal/domain/enums';

interface ListPaging {
  pageNum: number;
  pageSize: number;
  total: number;
  /** The counted thing in 共 N 条 (条 by default). */
  unit?: string;
  /** More than `total` rows match and only `total` were counted (totalBounded): 共 10000+ 条. */
  bounded?: boolean;
  /** Called with the page to show: back to 1 whenever the page size changes. */
  onChange: (pageNum: number, pageSize: number) => void;
}

/** The pager every list uses: size selector 10/20/30/50/100, total, and page 1 after a size change. */
export function listPagination({ pageNum, pageSize, total, unit = '条', bounded = false, onChange }: ListPaging): PaginationProps {
  return {
    current: pageNum,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showTotal: (t) => `共 ${t}${bounded ? '+' : ''} ${unit}`,
    onChange: (p, s) => onChange(s !== pageSize ? 1 : p, s),
  };
}

/** What a list screen holds of its page: the numbers, a reset for new filters, and its pager's props. */
export interface Paging {
  pageNum: number;
  pageSize: number;
  toFirstPage: () => void;
  pagination: (total: number, opts?: { unit?: string; bounded?: boolean; onChange?: () => void }) => PaginationProps;
}

/** A Paging over page state kept anywhere (component state, the URL): `go` shows a page. */
export function pagingOver(pageNum: number, pageSize: number, toFirstPage: () => void, go: (pageNum: number, pageSize: number) => void): Paging {
  return {
    pageNum,
    pageSize,
    toFirstPage,
    pagination: (total, opts = {}) =>
      listPagination({
        pageNum,
        pageSize,
        total,
        unit: opts.unit,
        bounded: opts.bounded,
        onChange: (p, s) => {
          go(p, s);
          opts.onChange?.();
        },
      }),
  };
}

/** Page state of a list and its pager: `toFirstPage()` after the filters change. */
export function usePaging(initialPageSize = 10): Paging {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return pagingOver(pageNum, pageSize, () => setPageNum(1), (p, s) => {
    setPageNum(p);
    setPageSize(s);
  });
}
