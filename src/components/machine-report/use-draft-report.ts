/**
 * The report a technician works on at `…/{kind}/audit`: the draft named by `?id=`, else their
 * newest DRAFT of this machine, else a new DRAFT created on the device at once (offline too:
 * it only writes through `mutate`). The chosen id goes into the URL, so a reload or a
 * "continue" link opens the same report. Concurrent starts (React's double effects, two
 * clicks) share one creation instead of making two drafts.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getDatabase } from '../../db/database';
import { useRow } from '../../db/hooks';
import { latestDraft, type ReportEntity, type ReportRow } from '../../db/report-queries';
import { toLanguage } from '../../lib/i18n/languages';
import { mutate } from '../../sync';
import { todayIso } from './report-kinds';

const starting = new Map<string, Promise<string>>();

export interface DraftStart {
  entity: ReportEntity;
  machineId: string;
  technician: string;
  /** The UI language: the PDF's language. */
  language: string;
}

/** Finds or creates the technician's draft; returns its id. */
export function startDraft({ entity, machineId, technician, language }: DraftStart) {
  const key = `${entity}:${machineId}:${technician}`;
  let pending = starting.get(key);
  if (!pending) {
    pending = (async () => {
      const existing = await latestDraft(getDatabase(), entity, machineId, technician);
      if (existing) return existing.id;
      const row = await mutate.create(entity, {
        machineId,
        technician,
        date: todayIso(),
        state: 'DRAFT',
        locale: toLanguage(language) ?? 'de',
        items: [],
      });
      return row.id;
    })().finally(() => starting.delete(key));
    starting.set(key, pending);
  }
  return pending;
}

export interface DraftReport<E extends ReportEntity> {
  /** undefined while loading, null when the named report is not on this device. */
  report: ReportRow<E> | null | undefined;
  failed: boolean;
}

export function useDraftReport<E extends ReportEntity>(
  entity: E,
  machineId: string,
  technician: string,
): DraftReport<E> {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('id');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (wanted || !technician) return;
    let live = true;
    startDraft({ entity, machineId, technician, language: i18n.language })
      .then((id) => {
        if (!live) return;
        setParams(
          (p) => {
            p.set('id', id);
            return p;
          },
          { replace: true },
        );
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [wanted, entity, machineId, technician, i18n.language, setParams]);

  const row = useRow(entity, wanted) as ReportRow<E> | null | undefined;
  return { report: wanted ? row : undefined, failed };
}
