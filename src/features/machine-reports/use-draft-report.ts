/**
 * The report a technician works on at `…/{kind}/audit`: the draft named by `?id=`, else their
 * newest DRAFT of this machine, else a new one that lives in memory only, with its client id,
 * until the first real input stores it (data/draft-writes.ts). Opening the screen writes nothing, so
 * no empty draft reaches the server or the customer's devices. Once stored, its id goes into
 * the URL, so a reload opens the same report.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getDatabase } from '@db/database';
import { getRow } from '@db/entity-repository';
import { useRow } from '@db/hooks';
import { latestDraft, type ReportEntity, type ReportRow } from './data/report-queries';
import { uuidv7 } from '@domain/ids';
import { i18n, toLanguage } from '@lib/i18n';
import { onDraftStored } from './data/draft-writes';
import { todayIso } from './report-kinds';

export interface DraftReport<E extends ReportEntity> {
  /** undefined while loading, null when the named report is not on this device. */
  report: ReportRow<E> | null | undefined;
  /** False while the report is a new one in memory (nothing entered yet). */
  stored: boolean;
  failed: boolean;
}

interface Fresh<E extends ReportEntity> {
  /** Whose and which machine's draft it is; another screen gets another one. */
  key: string;
  row: ReportRow<E>;
}

/** A new report as the screen shows it before anything is stored (version 0: never stored). */
function newDraft<E extends ReportEntity>(
  machine: { id: string; companyId: string },
  technician: string,
): ReportRow<E> {
  const now = new Date().toISOString();
  return {
    id: uuidv7(),
    companyId: machine.companyId,
    version: 0,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    machineId: machine.id,
    technician,
    date: todayIso(),
    state: 'DRAFT',
    locale: toLanguage(i18n.language) ?? 'de',
    comment: null,
    signatureId: null,
    photoIds: [],
    items: [],
  } as ReportRow<E>;
}

export function useDraftReport<E extends ReportEntity>(
  entity: E,
  machineId: string,
  technician: string,
): DraftReport<E> {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('id');
  const [fresh, setFresh] = useState<Fresh<E> | null>(null);
  const [failed, setFailed] = useState(false);
  const key = `${entity}:${machineId}:${technician}`;

  // No `?id=`: continue the technician's newest draft, else start one in memory.
  useEffect(() => {
    if (wanted || !technician) return;
    let live = true;
    const db = getDatabase();
    Promise.all([latestDraft(db, entity, machineId, technician), getRow(db, 'machine', machineId)])
      .then(([existing, machine]) => {
        if (!live) return;
        if (existing) {
          setParams(
            (p) => {
              p.set('id', existing.id);
              return p;
            },
            { replace: true },
          );
        } else if (machine) {
          setFresh((prev) =>
            prev?.key === key ? prev : { key, row: newDraft<E>(machine, technician) },
          );
        }
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [wanted, key, entity, machineId, technician, setParams]);

  const own = fresh?.key === key ? fresh.row : null;
  const id = wanted ?? own?.id ?? null;
  const row = useRow(entity, id) as ReportRow<E> | null | undefined;
  const working = own !== null && own.id === id;

  // The first input stored the new draft: name it in the URL.
  const ownId = own?.id;
  useEffect(() => {
    if (wanted || !ownId) return;
    return onDraftStored(ownId, () =>
      setParams(
        (p) => {
          p.set('id', ownId);
          return p;
        },
        { replace: true },
      ),
    );
  }, [wanted, ownId, setParams]);

  if (working && !row) return { report: own, stored: false, failed };
  return { report: id ? row : undefined, stored: Boolean(row), failed };
}
