/**
 * A filterable, virtualised hose list (machine and customer lists share it): filters from the
 * URL, applied in memory over the live rows (one memo per change, no query per keystroke);
 * loading, empty (with create-first for staff) and no-match states; a table where its columns
 * fit the available width, stacked cards elsewhere (phones). A long list first gets only its
 * first screen's lines (`complete` false, data/use-hose-list-data): the count, any filter and
 * the export wait for the whole list. Retired hoses show only when the life filter asks for
 * them (docs/hose-lifecycle.md).
 */
import { Box } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@components/export-menu';
import { ListState } from '@components/list-state';
import { useOrderSlot } from '@components/order-slot';
import { useLinkDelegate } from '@components/use-link-delegate';
import { exportFileName } from '@lib/export/download';
import { hoseRegisterTable } from './export/hose-register';
import { countLife, filterHoses, isFiltered, type HoseLinks, type HoseRow } from './hose-filters';
import { HoseCards } from './hose-cards';
import { HoseCount, HoseFilterBar } from './hose-filter-bar';
import { HoseTable, hoseTableMinWidth } from './hose-table';
import { useHoseFilters } from './use-hose-filters';

export interface HoseListProps {
  /** undefined while loading. */
  rows: readonly HoseRow[] | undefined;
  /** False while the DGUV statuses are still being read (the inspection filter waits). */
  statusesReady?: boolean;
  /**
   * False while `rows` are only the first screen's lines (a long list reads the rest after
   * they are painted): filters, the count and the export wait for all of them.
   */
  complete?: boolean;
  links: HoseLinks;
  emptyText: string;
  /** Create-first target (staff only). */
  createHref?: string;
  createLabel?: string;
  /** The register's subject (machine or customer) in the export's file name. */
  exportName?: string;
}

/** The element's content width, known before the first paint and kept current. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function HoseList(props: HoseListProps) {
  const {
    rows,
    statusesReady = true,
    complete = true,
    links,
    emptyText,
    createHref,
    createLabel,
    exportName,
  } = props;
  const { t } = useTranslation(['pipes', 'forms', 'enums']);
  // `settled` trails `filters` by a background render: typing never waits for the list.
  const { filters, settled, change } = useHoseFilters();
  // The inspection and "replace at the next visit" filters read the DGUV statuses.
  const waiting =
    (!statusesReady && (settled.inspection !== null || settled.replaceNextVisit)) ||
    (!complete && isFiltered(settled));
  const shown = useMemo(
    () => (rows && !waiting ? filterHoses(rows, settled) : undefined),
    [rows, settled, waiting],
  );
  // "N of M": M counts the hoses of the chosen life (installed by default), not retired ones.
  const total = useMemo(
    () => (rows && complete ? countLife(rows, settled.life) : undefined),
    [rows, complete, settled.life],
  );
  const { ref, width } = useWidth();
  const withOrder = useOrderSlot() !== null;
  const wide = width >= hoseTableMinWidth(Boolean(links.machine), withOrder);
  const hasRows = rows !== undefined && rows.length > 0;

  // The same element while only the search box changed: the urgent render of a keystroke
  // skips the virtual list; the deferred one (new `shown`) re-renders it once.
  const lines = useMemo(
    () => (
      <ListState
        rows={shown}
        filtered={hasRows}
        emptyText={emptyText}
        createHref={createHref}
        createLabel={createLabel}
      >
        {(visible) =>
          wide ? (
            <HoseTable rows={visible} links={links} />
          ) : (
            <HoseCards rows={visible} links={links} />
          )
        }
      </ListState>
    ),
    [shown, hasRows, emptyText, createHref, createLabel, wide, links],
  );

  // The export menu re-renders neither with a keystroke's echo nor with the lines a search
  // shows: it reads the lines shown when it is used (the ref follows each committed render).
  const withMachine = Boolean(links.machine);
  // Every hose of the list, retired ones too: the export names predecessors and successors.
  const codes = useMemo(() => new Map(rows?.map((r) => [r.pipe.id, r.pipe.code])), [rows]);
  const shownRef = useRef(shown);
  useLayoutEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  const exportReady = complete && statusesReady && Boolean(shown?.length);
  const actions = useMemo(
    () =>
      exportName !== undefined ? (
        <ExportMenu
          // The status columns need the statuses; the file holds exactly the lines shown.
          disabled={!exportReady}
          table={() => hoseRegisterTable(t, shownRef.current ?? [], withMachine, codes)}
          fileName={(format) => exportFileName(t('pipes:export.fileName'), exportName, format)}
        />
      ) : null,
    [exportName, exportReady, withMachine, codes, t],
  );

  const onClick = useLinkDelegate();
  return (
    // The lines' links are plain anchors: one handler navigates in the app for all of them
    // (Enter on a focused link fires the same click).
    <Box ref={ref} onClick={onClick}>
      {hasRows ? (
        <>
          <HoseFilterBar filters={filters} onChange={change} actions={actions} />
          <HoseCount shown={shown?.length ?? 0} total={total} />
        </>
      ) : null}
      {lines}
    </Box>
  );
}
