/**
 * The hose list on wide screens: an ARIA table of CSS-grid lines (a real <table> cannot hold
 * absolutely positioned virtual rows), its header sticky under the app header. The list shows
 * it only where its columns fit (`hoseTableMinWidth`), cards elsewhere — no sideways scroll.
 * Lines have one fixed height (nothing is measured while scrolling) and are memoised per hose,
 * so a keystroke re-renders only the lines that newly come into view.
 */
import { VisuallyHidden } from '@mantine/core';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderSlot, type OrderSlot } from '@components/order-slot';
import {
  AccessoryBadges,
  CategoryBadge,
  LINK,
  NextDue,
  ResultPill,
  RetiredPill,
  ServiceLifeBadge,
  resultOf,
  useLineText,
  type LineText,
} from './hose-cells';
import type { HoseLinks, HoseRow } from './hose-filters';
import classes from './hose-lines.module.css';
import { HoseVirtualList } from './hose-virtual-list';

const HEADERS = [
  'position',
  'code',
  'hoseType',
  'dn',
  'maxPn',
  'length',
  'category',
  'accessories',
  'productionDate',
  'lastResult',
  'nextDue',
  'serviceLife',
] as const;
// Minimum widths add up to MIN_WIDTH with the gaps (6 px) and the side padding (8 px each).
const COLUMNS =
  '40px minmax(92px,1fr) minmax(80px,0.8fr) 40px 56px 64px 76px 124px 92px 124px 96px minmax(132px,1fr)';
const MACHINE_COLUMN = 'minmax(140px,2fr) ';
const MIN_WIDTH = 1104;
/** The order button's column, when the app composed a shop in (components/order-slot). */
const ORDER_COLUMN = ' 44px';
const ORDER_WIDTH = 50;
const MACHINE_WIDTH = 146;
/** The height of .line in hose-lines.module.css. */
const ROW_HEIGHT = 44;

/** The width the table needs, with or without the machine column. */
export const hoseTableMinWidth = (withMachine: boolean, withOrder = false) =>
  MIN_WIDTH + (withMachine ? MACHINE_WIDTH : 0) + (withOrder ? ORDER_WIDTH : 0);

const columnsOf = (withMachine: boolean, withOrder: boolean) =>
  (withMachine ? MACHINE_COLUMN : '') + COLUMNS + (withOrder ? ORDER_COLUMN : '');

const LINE = `${classes.grid} ${classes.line}`;
const NUMBER = `${classes.cell} ${classes.number}`;
const CODE_LINK = `${LINK} ${classes.code}`;

const Cell = ({
  children,
  className = classes.cell,
}: {
  children: ReactNode;
  className?: string;
}) => (
  <div role="cell" className={className}>
    {children}
  </div>
);

const HoseTableLine = memo(function HoseTableLine({
  row,
  links,
  slot,
  text,
}: {
  row: HoseRow;
  links: HoseLinks;
  slot: OrderSlot | null;
  text: LineText;
}) {
  const { fmt } = text;
  const { pipe, status, machine } = row;
  const num = (v: number | null) => fmt.number(v) || '—';
  return (
    <div className={LINE}>
      {links.machine ? (
        <Cell>
          {machine ? (
            <a href={links.machine(machine.id)} className={LINK} title={machine.label}>
              {machine.label}
            </a>
          ) : null}
        </Cell>
      ) : null}
      <Cell className={NUMBER}>{pipe.position}</Cell>
      <Cell>
        {links.edit ? (
          <a href={links.edit(pipe)} className={CODE_LINK}>
            {pipe.code}
          </a>
        ) : (
          <strong>{pipe.code}</strong>
        )}
      </Cell>
      <Cell>{pipe.hoseType ?? '—'}</Cell>
      <Cell className={NUMBER}>{num(pipe.dn)}</Cell>
      <Cell className={NUMBER}>{num(pipe.maxPn)}</Cell>
      <Cell className={NUMBER}>{num(pipe.length)}</Cell>
      <Cell>
        <CategoryBadge pipe={pipe} text={text} />
      </Cell>
      <Cell>
        <AccessoryBadges pipe={pipe} text={text} short />
      </Cell>
      <Cell>{fmt.day(pipe.productionDate) || '—'}</Cell>
      <Cell>
        <ResultPill result={resultOf(status)} text={text} />
      </Cell>
      <Cell>
        <NextDue status={status} text={text} />
      </Cell>
      <Cell>
        {pipe.retiredAt ? (
          <RetiredPill pipe={pipe} text={text} />
        ) : (
          <ServiceLifeBadge status={status} text={text} short />
        )}
      </Cell>
      {slot ? (
        <div role="cell">
          {/* A retired hose has been replaced already: nothing to order for it. */}
          {pipe.retiredAt ? null : <slot.ReplaceButton pipe={pipe} compact />}
        </div>
      ) : null}
    </div>
  );
});

export function HoseTable({ rows, links }: { rows: readonly HoseRow[]; links: HoseLinks }) {
  const { t } = useTranslation(['pipes', 'shop']);
  const slot = useOrderSlot();
  const text = useLineText();
  const headers = links.machine ? (['machine', ...HEADERS] as const) : HEADERS;
  return (
    <div
      role="table"
      aria-rowcount={rows.length + 1}
      style={
        { '--hose-columns': columnsOf(Boolean(links.machine), slot !== null) } as CSSProperties
      }
    >
      <div
        role="row"
        aria-rowindex={1}
        className={classes.grid}
        style={{
          paddingBlock: 6,
          fontSize: 'var(--mantine-font-size-xs)',
          fontWeight: 700,
          color: 'var(--mantine-color-dimmed)',
          background: 'var(--mantine-color-body)',
          position: 'sticky',
          top: 'var(--app-shell-header-offset, 0px)',
          zIndex: 2,
          borderBottom: '2px solid var(--mantine-color-default-border)',
        }}
      >
        {headers.map((key) => (
          <div role="columnheader" key={key} style={{ minWidth: 0 }}>
            {t(`columns.${key}`)}
          </div>
        ))}
        {slot ? (
          <div role="columnheader" style={{ minWidth: 0 }}>
            <VisuallyHidden>{t('shop:order.replace')}</VisuallyHidden>
          </div>
        ) : null}
      </div>
      <HoseVirtualList
        rows={rows}
        estimate={ROW_HEIGHT}
        fixedHeight
        itemRole="row"
        renderRow={(row) => <HoseTableLine row={row} links={links} slot={slot} text={text} />}
      />
    </div>
  );
}
