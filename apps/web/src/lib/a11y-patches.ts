// Two accessibility gaps of antd's Table that no prop closes (decision 160), patched on the DOM as
// tables render:
// - a table wider than its box scrolls inside `.ant-table-content` / `.ant-table-body`; a keyboard user
//   can scroll it only if it can take focus (WCAG 2.1.1, axe scrollable-region-focusable);
// - the hidden measure row repeats the header cells, select-all checkbox included, inside
//   aria-hidden: making it inert takes its copies out of the tab order (axe aria-hidden-focus).

const SCROLLERS = '.ant-table-content, .ant-table-body';
const MEASURE_ROWS = '.ant-table-measure-row';

function patch(root: ParentNode) {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
  }
  for (const el of root.querySelectorAll<HTMLElement>(MEASURE_ROWS)) {
    if (!el.inert) el.inert = true;
  }
}

/** Starts patching the document (once, at start-up); returns a stop function. */
export function installA11yPatches(doc: Document = document) {
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      patch(doc.body);
    });
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  patch(doc.body);
  return () => observer.disconnect();
}
