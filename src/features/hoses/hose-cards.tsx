/**
 * The hose list on phones and narrow windows: one stacked card per hose with the same facts
 * as the table's columns, labelled, so nothing needs sideways scrolling.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderSlot } from '@components/order-slot';
import {
  AccessoryBadges,
  CategoryBadge,
  LINK,
  NextDue,
  ResultPill,
  resultOf,
  RetiredPill,
  ServiceLifeBadge,
  useLineText,
  type LineText,
} from './hose-cells';
import type { HoseLinks, HoseRow } from './hose-filters';
import classes from './hose-lines.module.css';
import { HoseVirtualList } from './hose-virtual-list';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <div className={classes.factLabel}>{label}</div>
      <div className={classes.factValue}>{children}</div>
    </div>
  );
}

/**
 * One card: plain elements with the classes of hose-lines.module.css (Mantine's look through
 * its CSS variables), not Mantine components — a phone's first screen mounts ~10 cards of
 * ~25 elements each, and their style-prop parsing was most of the list's first render.
 */
const HoseCard = memo(function HoseCard(props: { row: HoseRow; links: HoseLinks; text: LineText }) {
  const { row, links, text } = props;
  const { word: t, fmt } = text;
  const slot = useOrderSlot();
  const { pipe, status, machine } = row;
  const num = (value: number | null, unit = '') =>
    value === null ? '—' : `${fmt.number(value)}${unit}`;
  return (
    <div className={classes.cardGap}>
      <div className={classes.card}>
        <div className={classes.cardHead}>
          <div className={classes.cardTitle}>
            <span className={classes.position}>{pipe.position}.</span>
            {links.edit ? (
              <a href={links.edit(pipe)} className={LINK}>
                {pipe.code}
              </a>
            ) : (
              pipe.code
            )}
          </div>
          <ResultPill result={resultOf(status)} text={text} />
        </div>
        {machine && links.machine ? (
          <a href={links.machine(machine.id)} className={`${LINK} ${classes.small}`}>
            {machine.label}
          </a>
        ) : null}
        <div className={classes.cardSpecs}>
          {[
            pipe.hoseType,
            pipe.dn === null ? null : `DN ${pipe.dn}`,
            num(pipe.maxPn, ` ${t('forms:units.bar')}`),
            num(pipe.length, ` ${t('forms:units.mm')}`),
          ]
            .filter((part) => part && part !== '—')
            .join(' · ') || '—'}
        </div>
        <div className={classes.facts}>
          <Fact label={t('columns.category')}>
            <CategoryBadge pipe={pipe} text={text} />
          </Fact>
          <Fact label={t('columns.accessories')}>
            <AccessoryBadges pipe={pipe} text={text} />
          </Fact>
          <Fact label={t('columns.productionDate')}>{fmt.day(pipe.productionDate) || '—'}</Fact>
          <Fact label={t('columns.nextDue')}>
            <NextDue status={status} text={text} />
          </Fact>
        </div>
        {pipe.retiredAt ? (
          <div className={classes.cardRow}>
            <RetiredPill pipe={pipe} text={text} />
          </div>
        ) : status?.serviceLifeExceeded ||
          status?.replaceAtNextVisit ||
          status?.storageTimeExceeded ||
          status?.productionDateUnknown ? (
          <div className={classes.cardRow}>
            <ServiceLifeBadge status={status} text={text} />
          </div>
        ) : null}
        {/* A retired hose has been replaced already: nothing to order for it. */}
        {slot && !pipe.retiredAt ? (
          <div className={`${classes.cardRow} ${classes.cardActions}`}>
            <slot.ReplaceButton pipe={pipe} />
          </div>
        ) : null}
      </div>
    </div>
  );
});

export function HoseCards({ rows, links }: { rows: readonly HoseRow[]; links: HoseLinks }) {
  const { t } = useTranslation('pipes');
  const text = useLineText();
  return (
    <div role="list" aria-label={t('count', { count: rows.length })}>
      <HoseVirtualList
        rows={rows}
        estimate={236}
        itemRole="listitem"
        // A card is a third of a phone's screen: two beyond each edge cover a quick flick.
        overscan={2}
        renderRow={(row) => <HoseCard row={row} links={links} text={text} />}
      />
    </div>
  );
}
