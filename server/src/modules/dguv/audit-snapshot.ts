/**
 * The record's snapshot (docs/dguv-record.md): when an audit is finished, what was inspected is
 * stored with it as it was — the issuing company, the customer, the machine, every hose of the
 * machine with the facts the report prints, the inspector and the intervals. The report of a
 * finished or approved audit is drawn from it alone, so later edits of machine, hoses or
 * customer never reach a signed record. Read inside the finishing write's transaction.
 */
import { AUDIT_SNAPSHOT_HOSE_FIELDS, type AuditSnapshot } from '@domain/schemas/dguv-audit';
import type { EntityName } from '@domain/entities';
import { nextDueDates, pipeStatuses } from '@domain/rules/dguv-status';
import { recordedHoses } from '@domain/rules/hose-life';
import { REGISTRY } from '@server/cms/registry';
import { rowsInScope } from '../shop/dguv-scope-rows';
import { rowFromDb, type RowOf, type StoreKysely } from '@server/cms/rows';
import type { EntityRow } from '@server/db/entity-tables';
import { str } from '@server/reports/report-rows';

/** A live row by id, within `companyId` for customer rows (a record never reads another's). */
async function byId<E extends EntityName>(
  db: StoreKysely,
  entity: E,
  id: unknown,
  companyId: unknown,
): Promise<RowOf<E> | undefined> {
  if (typeof id !== 'string' || !id) return undefined;
  const def = REGISTRY[entity];
  let q = db.selectFrom(def.table).selectAll().where('id', '=', id).where('deletedAt', 'is', null);
  if (def.scope === 'company') q = q.where('companyId', '=', str(companyId));
  const raw = await q.executeTakeFirst();
  return raw ? rowFromDb(def, raw) : undefined;
}

/** The non-blank parts as one text. */
export const joinText = (parts: unknown[], sep = ' ') =>
  parts
    .map(str)
    .filter((p) => p.trim() !== '')
    .join(sep);

/** A location as one line: street and number, postcode and city, addition. */
export function addressLine(location: EntityRow<'location'> | undefined): string {
  if (!location) return '';
  return joinText(
    [
      joinText([location.street, location.houseNumber]),
      joinText([location.zip, location.city]),
      location.addition,
    ],
    ', ',
  );
}

const hoseFacts = (pipe: EntityRow<'pipe'>) =>
  Object.fromEntries(
    AUDIT_SNAPSHOT_HOSE_FIELDS.map((f) => [f, pipe[f] ?? null]),
  ) as AuditSnapshot['hoses'][number];

/**
 * The machine's live hoses and every hose checked in the audit (one deleted since still
 * belongs in the record), ordered by position and code.
 */
async function inspectedHoses(
  db: StoreKysely,
  audit: EntityRow<'dguvAudit'>,
  answers: readonly EntityRow<'dguvAnswer'>[],
) {
  const def = REGISTRY.pipe;
  const live = await db
    .selectFrom(def.table)
    .selectAll()
    .where('machineId', '=', str(audit.machineId))
    .where('companyId', '=', str(audit.companyId))
    .where('deletedAt', 'is', null)
    .execute();
  const checked = new Set(answers.map((a) => a.pipeId));
  const rows = recordedHoses(
    live.map((r) => rowFromDb(def, r)),
    (id) => checked.has(id),
  );
  const known = new Set(rows.map((p) => str(p.id)));
  const gone = [...new Set(answers.map((a) => str(a.pipeId)))].filter((id) => !known.has(id));
  if (gone.length > 0) {
    const raws = await db
      .selectFrom(def.table)
      .selectAll()
      .where('id', 'in', gone)
      .where('companyId', '=', str(audit.companyId))
      .execute();
    rows.push(...raws.map((r) => rowFromDb(def, r)));
  }
  return rows
    .sort(
      (a, b) =>
        Number(a.position ?? 0) - Number(b.position ?? 0) || str(a.code).localeCompare(str(b.code)),
    )
    .map(hoseFacts);
}

/** The row of a report: an audit, an inspection or a maintenance. */
export type ReportRow = EntityRow<'dguvAudit'> | EntityRow<'inspection'> | EntityRow<'maintenance'>;

/** What a report prints around its content: the issuer, the customer and the machine. */
export type ContextFacts = Pick<AuditSnapshot, 'issuer' | 'customer' | 'machine'>;

/**
 * The issuing company, the customer and the machine of `report` (an audit or a machine report)
 * as the rows are now: what a report prints around its content.
 */
export async function contextFacts(db: StoreKysely, report: ReportRow): Promise<ContextFacts> {
  const settingsDef = REGISTRY.companySettings;
  const [company, machine, settingsRaw] = await Promise.all([
    byId(db, 'company', report.companyId, report.companyId),
    byId(db, 'machine', report.machineId, report.companyId),
    db
      .selectFrom(settingsDef.table)
      .selectAll()
      .where('deletedAt', 'is', null)
      .orderBy('createdAt', 'asc')
      .executeTakeFirst(),
  ]);
  const settings = settingsRaw ? rowFromDb(settingsDef, settingsRaw) : undefined;
  const [location, manufacturer] = await Promise.all([
    byId(db, 'location', machine?.locationId, report.companyId),
    byId(db, 'manufacturer', machine?.manufacturerId, null),
  ]);
  return {
    issuer: {
      name: str(settings?.name),
      addressLines: [
        joinText([settings?.street, settings?.houseNr]),
        joinText([settings?.zip, settings?.city]),
      ].filter(Boolean),
      logo: typeof settings?.logo === 'string' && settings.logo ? settings.logo : null,
    },
    customer: {
      name: str(company?.name),
      customerNumber: str(company?.customerNumber),
      location: addressLine(location),
    },
    machine: {
      manufacturer: str(manufacturer?.name),
      machineType: str(machine?.machineType),
      internalId: str(machine?.internalId),
      positionOnLocation: str(machine?.positionOnLocation),
      dguvInterval: str(machine?.dguvInterval),
      dguvIntervalCritical: str(machine?.dguvIntervalCritical),
    },
  };
}

// ── The competent person, the interval decision and the next due dates (docs/dguv-record.md).

export type RecordFacts = Pick<AuditSnapshot, 'competentPerson' | 'intervalDecision' | 'nextDue'>;
const textOrNull = (value: unknown) => (str(value).trim() === '' ? null : str(value));

/**
 * The inspector's profile (qualification, training, last refresher) as the office keeps it,
 * the machine's interval decision, and the next due dates by rules/dguv-status — this audit's
 * checks count, as the machine's other checks do.
 */
export async function recordFacts(
  db: StoreKysely,
  audit: EntityRow<'dguvAudit'>,
): Promise<RecordFacts> {
  const machineId = str(audit.machineId);
  const [user, machine, rows] = await Promise.all([
    db
      .selectFrom('users')
      .select(['qualification', 'training', 'lastRefresher'])
      .where('id', '=', str(audit.auditorUserId))
      .executeTakeFirst(),
    byId(db, 'machine', machineId, audit.companyId),
    rowsInScope(db, 'machine', machineId),
  ]);
  return {
    competentPerson: {
      qualification: textOrNull(user?.qualification),
      training: textOrNull(user?.training),
      lastRefresher: textOrNull(user?.lastRefresher),
    },
    intervalDecision: {
      decidedBy: textOrNull(machine?.intervalDecidedBy),
      basis: textOrNull(machine?.intervalBasis),
      decidedAt: textOrNull(machine?.intervalDecidedAt),
    },
    nextDue: nextDueDates(pipeStatuses(rows, new Date())),
  };
}

/** What was inspected, as it is at the moment the audit is finished. */
export async function takeAuditSnapshot(
  db: StoreKysely,
  audit: EntityRow<'dguvAudit'>,
  answers: readonly EntityRow<'dguvAnswer'>[],
): Promise<AuditSnapshot> {
  const [facts, hoses, record] = await Promise.all([
    contextFacts(db, audit),
    inspectedHoses(db, audit, answers),
    recordFacts(db, audit),
  ]);
  return {
    takenAt: new Date().toISOString(),
    ...facts,
    hoses,
    inspector: { name: str(audit.auditor), userId: str(audit.auditorUserId) },
    ...record,
  };
}

/**
 * Gives every finished or approved audit without a snapshot one, from the rows as they are now:
 * audits finished before snapshots existed, and the demo data's. Not a change devices must
 * pull at once: without a snapshot a device draws the report from its rows, as before.
 */
export async function fillMissingSnapshots(db: StoreKysely): Promise<void> {
  const def = REGISTRY.dguvAudit;
  const audits = await db
    .selectFrom(def.table)
    .selectAll()
    .where('state', 'in', ['COMPLETE', 'APPROVED'])
    .where('snapshot', 'is', null)
    .execute();
  for (const raw of audits) {
    const audit = rowFromDb(def, raw);
    const answers = (
      await db
        .selectFrom(REGISTRY.dguvAnswer.table)
        .selectAll()
        .where('auditId', '=', str(audit.id))
        .where('deletedAt', 'is', null)
        .execute()
    ).map((r) => rowFromDb(REGISTRY.dguvAnswer, r));
    const snapshot = await takeAuditSnapshot(db, audit, answers);
    await db
      .updateTable(def.table)
      .set({ snapshot: JSON.stringify(snapshot) })
      .where('id', '=', str(audit.id))
      .execute();
  }
}
