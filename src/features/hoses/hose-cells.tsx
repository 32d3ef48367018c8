/**
 * The cells of a hose line that say more than a value: category, accessories, last DGUV
 * result, next due date (overdue red, due within 30 days orange) and the service-life flag.
 * Colour never carries meaning alone: every mark has its text. Plain elements styled with
 * Mantine's colour variables and the classes of hose-lines.module.css, not Mantine
 * components: a list line renders ~15 of them on every keystroke, and style-prop parsing
 * was the larger part of that cost. For the same reason the cells take their words from one
 * `LineText` per list (useLineText) instead of each asking react-i18next: a search mounts the
 * lines that come into view, and a translation hook per cell was a subscription, a bound `t`
 * and an effect each — more than the cell itself.
 */
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys, TFunction } from 'i18next';
import type { PipeStatus } from '@db/dguv-status-reads';
import { useFormat, type Formatters } from '@lib/i18n/use-format';
import type { DguvResult } from '@domain/schemas/dguv-answer';
import type { Pipe } from './hose-filters';
import classes from './hose-lines.module.css';

type LineKey = ParseKeys<['pipes', 'forms']>;

/** What a list's lines say and how they format, resolved once per list and language. */
export interface LineText {
  /** `pipes`, then `forms`. */
  t: TFunction<['pipes', 'forms']>;
  fmt: Formatters;
  /** A translation without options, looked up once per key (lines repeat the same words). */
  word: (key: LineKey) => string;
}

/** The list's LineText: one translation hook for all its lines, new when the language changes. */
export function useLineText(): LineText {
  const { t } = useTranslation(['pipes', 'forms']);
  const fmt = useFormat();
  return useMemo(() => {
    const words = new Map<string, string>();
    const word = (key: LineKey) => {
      let text = words.get(key);
      if (text === undefined) {
        text = t(key);
        words.set(key, text);
      }
      return text;
    };
    return { t, fmt, word };
  }, [t, fmt]);
}

type Look = 'filled' | 'light' | 'outline';
const lookOf = (color: string, look: Look): CSSProperties | undefined =>
  look === 'filled'
    ? { background: `var(--mantine-color-${color}-filled)`, color: 'var(--mantine-color-white)' }
    : look === 'light'
      ? {
          background: `var(--mantine-color-${color}-light)`,
          color: `var(--mantine-color-${color}-light-color)`,
        }
      : undefined;

export function Pill(props: { color: string; look: Look; title?: string; children: ReactNode }) {
  const { color, look, title, children } = props;
  return (
    <span
      className={look === 'outline' ? `${classes.pill} ${classes.outline}` : classes.pill}
      style={lookOf(color, look)}
      title={title}
    >
      {children}
    </span>
  );
}

export const DIMMED: CSSProperties = { color: 'var(--mantine-color-dimmed)' };

/**
 * A line's plain link (hose code, machine) with Anchor's look and focus ring
 * (`mantine-focus-auto`): a search mounts the lines that come into view, and an Anchor per
 * link was a Mantine component's props and styles to resolve for each.
 */
export const LINK = `${classes.link} mantine-focus-auto`;

export function CategoryBadge({ pipe, text }: { pipe: Pipe; text: LineText }) {
  return pipe.isCritical ? (
    <Pill color="red" look="light">
      {text.word('category.critical')}
    </Pill>
  ) : (
    <span style={DIMMED}>{text.word('category.normal')}</span>
  );
}

/** Rope and protection marks; `short` labels in the table's narrow column. */
export function AccessoryBadges(props: { pipe: Pipe; text: LineText; short?: boolean }) {
  const { pipe, text, short = false } = props;
  const { word } = text;
  const label = (key: 'rope' | 'protection') =>
    short ? word(`accessoryShort.${key}`) : word(`accessory.${key}`);
  if (!pipe.withRope && !pipe.withProtection)
    return <span style={DIMMED}>{word('forms:none')}</span>;
  return (
    <span
      style={{
        display: 'inline-flex',
        flexWrap: short ? 'nowrap' : 'wrap',
        gap: 4,
        maxWidth: '100%',
      }}
    >
      {pipe.withRope ? (
        <Pill color="gray" look="outline" title={word('accessory.rope')}>
          {label('rope')}
        </Pill>
      ) : null}
      {pipe.withProtection ? (
        <Pill color="gray" look="outline" title={word('accessory.protection')}>
          {label('protection')}
        </Pill>
      ) : null}
    </span>
  );
}

const RESULT_COLOR = { success: 'green', warning: 'orange', error: 'red' } as const;

/** The last DGUV result of a status: null never checked, undefined not read yet. */
export const resultOf = (status: PipeStatus | undefined) =>
  status ? (status.lastCheck?.result ?? null) : undefined;

/** A DGUV result's pill in a list's line. */
export function ResultPill(props: { result: DguvResult | null | undefined; text: LineText }) {
  const { result } = props;
  if (result === undefined) return null;
  const label = props.text.word(`result.${result ?? 'none'}`);
  return (
    <span data-result={result ?? 'none'}>
      <Pill
        color={result ? RESULT_COLOR[result] : 'gray'}
        look={result ? 'filled' : 'light'}
        title={label}
      >
        {label}
      </Pill>
    </span>
  );
}

/** A DGUV result's pill anywhere else (a hose's history, an audit, a report). */
export function ResultBadge({ result }: { result: DguvResult | null | undefined }) {
  return <ResultPill result={result} text={useLineText()} />;
}

export function NextDue({ status, text }: { status: PipeStatus | undefined; text: LineText }) {
  const { word, fmt } = text;
  if (!status) return null;
  // A retired hose is never due (docs/hose-lifecycle.md).
  if (status.retired) return <span style={DIMMED}>—</span>;
  const color = !status.nextDue || status.overdue ? 'red' : status.dueSoon ? 'orange' : null;
  const hint = !status.nextDue
    ? null
    : status.overdue
      ? word('due.overdue')
      : status.dueSoon
        ? word('due.soon')
        : null;
  const style = color
    ? { color: `var(--mantine-color-${color}-text)`, fontWeight: 600 }
    : undefined;
  return (
    <span style={style} title={hint ?? undefined} data-due={color ?? 'ok'}>
      {status.nextDue ? fmt.day(status.nextDue) : word('due.now')}
      {hint ? <span style={VISUALLY_HIDDEN}>{` (${hint})`}</span> : null}
    </span>
  );
}

/** "Retired on 12.01.2026": shown instead of the age flags on a retired hose. */
export function RetiredPill({ pipe, text }: { pipe: Pipe; text: LineText }) {
  if (!pipe.retiredAt) return null;
  const label = text.t('swap.retired', { date: text.fmt.day(pipe.retiredAt) });
  return (
    <span data-testid="hose-retired">
      <Pill color="gray" look="filled" title={label}>
        {label}
      </Pill>
    </span>
  );
}

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * The age flags (docs/dguv-record.md): service life exceeded (`short` in the table's narrow
 * column, the header names it), replace at the next visit (its life ends before its next
 * inspection, docs/hose-lifecycle.md), storage time exceeded, production date unknown — an unknown
 * age is flagged, never taken as fine.
 */
export function ServiceLifeBadge(props: {
  status: PipeStatus | undefined;
  text: LineText;
  short?: boolean;
}) {
  const t = props.text.word;
  const status = props.status;
  if (!status) return null;
  return (
    <>
      {status.serviceLifeExceeded ? (
        <span data-testid="service-life-exceeded">
          <Pill color="red" look="filled" title={t('serviceLifeExceeded')}>
            {props.short ? t('serviceLifeShort') : t('serviceLifeExceeded')}
          </Pill>
        </span>
      ) : null}
      {status.replaceAtNextVisit && !status.serviceLifeExceeded ? (
        <span data-testid="replace-next-visit">
          <Pill color="orange" look="filled" title={t('replaceNextVisit')}>
            {props.short ? t('replaceNextVisitShort') : t('replaceNextVisit')}
          </Pill>
        </span>
      ) : null}
      {status.storageTimeExceeded ? (
        <span data-testid="storage-time-exceeded">
          <Pill color="red" look="filled" title={t('storageTimeExceeded')}>
            {t('storageTimeExceeded')}
          </Pill>
        </span>
      ) : null}
      {status.productionDateUnknown ? (
        <span data-testid="production-date-unknown">
          <Pill color="orange" look="light" title={t('productionDateUnknown')}>
            {t('productionDateUnknown')}
          </Pill>
        </span>
      ) : null}
    </>
  );
}
