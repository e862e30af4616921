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

/** Page state of a list and its pager: `toFirstPage()` after the filters change. */
export function usePaging(initialPageSize = 10) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    pageNum,
    pageSize,
    toFirstPage: () => setPageNum(1),
    pagination: (total: number, opts: { unit?: string; bounded?: boolean; onChange?: () => void } = {}) =>
      listPagination({
        pageNum,
        pageSize,
        total,
        unit: opts.unit,
        bounded: opts.bounded,
        onChange: (p, s) => {
          setPageNum(p);
          setPageSize(s);
          opts.onChange?.();
        },
      }),
  };
}
