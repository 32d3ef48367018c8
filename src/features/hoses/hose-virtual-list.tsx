/**
 * Window-scrolled virtualisation of a hose list (@tanstack/react-virtual): only the lines in
 * and near the viewport are in the DOM, so 10 000 hoses scroll and filter like 20. The page
 * keeps its one scrollbar (no nested scroll box on a phone); lines are keyed by hose id so a
 * filter change keeps their measurements, and measured unless they have one fixed height.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { HoseRow } from './hose-filters';
import classes from './hose-lines.module.css';

export interface HoseVirtualListProps {
  rows: readonly HoseRow[];
  /** Expected height of one line before it is measured (px). */
  estimate: number;
  /** Every line is exactly `estimate` high: nothing is measured (no layout reads). */
  fixedHeight?: boolean;
  /** ARIA role of each line's wrapper ('row' in the table, 'listitem' in the cards). */
  itemRole: 'row' | 'listitem';
  /** Lines kept mounted beyond each edge of the viewport (default 5). */
  overscan?: number;
  renderRow: (row: HoseRow, index: number) => ReactNode;
}

export function HoseVirtualList(props: HoseVirtualListProps) {
  const { rows, estimate, fixedHeight = false, itemRole, overscan = 5, renderRow } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's distance from the page top, before the first paint and whenever the page's
  // layout changes (the filters above may wrap, the header's subtitle arrive).
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (el) setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimate,
    overscan,
    scrollMargin,
    getItemKey: (index) => rows[index]?.pipe.id ?? index,
    // Where nothing is laid out (tests, hidden tabs) a line keeps its estimate.
    measureElement: (el) => el.getBoundingClientRect().height || estimate,
  });

  return (
    <div
      ref={listRef}
      style={{ position: 'relative', height: virtualizer.getTotalSize(), contain: 'strict' }}
      data-testid="hose-virtual-list"
      data-count={rows.length}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            ref={fixedHeight ? undefined : virtualizer.measureElement}
            data-index={item.index}
            role={itemRole}
            aria-rowindex={itemRole === 'row' ? item.index + 2 : undefined}
            aria-posinset={itemRole === 'listitem' ? item.index + 1 : undefined}
            aria-setsize={itemRole === 'listitem' ? rows.length : undefined}
            className={classes.item}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {renderRow(row, item.index)}
          </div>
        );
      })}
    </div>
  );
}
