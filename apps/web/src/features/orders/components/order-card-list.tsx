import { Card, Empty, Skeleton } from 'antd';
import { memo, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { MSG } from '@portal/domain/messages';
import type { OrderListRow } from '@portal/domain/orders';
import { OrderCard } from './order-card';
import { useScrollRestore } from './use-scroll-restore';

interface Props {
  rows: OrderListRow[];
  /** The first answer has not come yet: the skeleton. */
  loading: boolean;
  checked: ReadonlySet<number>;
  onCheck: (id: number, on: boolean) => void;
  /** The rows were there when the screen opened (back to the list): draw them at once, as before. */
  instant?: boolean;
}

/** Cards in the first pass (the top of the list, what a visitor sees first) and in each pass after it. */
const FIRST_CARDS = 3;
const MORE_CARDS = 6;
const NO_ROWS: OrderListRow[] = [];

/**
 * The list's cards (issue 17: no long task on the main thread). A new answer commits at once with the
 * cards already shown (none on a first visit: the skeleton stays) and the new cards are drawn as a
 * deferred render, in slices React can interrupt, instead of one task of every card's tags, buttons
 * and picture. A first visit draws them a few at a time, so that each commit (the DOM, the style
 * registrations and effects of every antd part of a card) stays short too. It is its own memoised
 * component so that the deferred passes render only this and the cards: a component that reads queries
 * (the screen: list, pending count) re-rendered in a deferred pass is rendered again synchronously when
 * one of them answers meanwhile (useSyncExternalStore keeps a pass consistent), a long task again.
 */
export const OrderCardList = memo(function OrderCardList({ rows, loading, checked, onCheck, instant = false }: Props) {
  // On a first visit the cards come in a pass of their own, also when the answer is already there
  // (the screen's requests leave before it is drawn): the bar and the filters commit first. Back to
  // the list, its cached rows are drawn with the screen, so the position can be put back at once.
  const shown = useDeferredValue(rows, instant ? rows : NO_ROWS);
  // How many cards are drawn: it only grows, so a refreshed or another page is drawn whole.
  const [limit, setLimit] = useState(instant ? Infinity : FIRST_CARDS);
  const cards = shown.length > limit ? shown.slice(0, limit) : shown;
  useEffect(() => {
    if (shown.length > limit) startTransition(() => setLimit((n) => n + MORE_CARDS));
  }, [shown, limit]);
  const drawing = shown !== rows || cards.length < shown.length;
  // Back to the list: the position is restored once every card is there (spec 02 §2.1).
  useScrollRestore(!loading && !drawing);
  if (loading || (drawing && shown.length === 0)) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (shown.length === 0) {
    return (
      <Card>
        <Empty description={MSG.emptyList} />
      </Card>
    );
  }
  return (
    <div aria-busy={drawing}>
      {cards.map((o) => (
        <OrderCard key={o.id} order={o} checked={checked.has(o.id)} onCheck={onCheck} />
      ))}
    </div>
  );
});
