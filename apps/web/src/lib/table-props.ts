/**
 * Wide tables (issue 48 item 3): the header sticks below the portal's 64 px header and the horizontal
 * scrollbar sticks to the bottom of the window, so a table wider than its box always shows how to
 * reach its other columns; the key columns are fixed beside the scrolling part (`fixed: 'right'`).
 */
export const STICKY_TABLE = { offsetHeader: 64, offsetScroll: 0 } as const;

/** A number (order, flow, invoice) on one line: `className` of its column. */
export const ONE_LINE = 'cell-one-line';
