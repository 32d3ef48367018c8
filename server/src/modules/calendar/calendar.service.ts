/**
 * Calendar feed links and the feed. A link belongs to a user and one
 * customer; its token is random, shown once, and kept only as its sha256. The feed is public
 * (calendar apps send no bearer token): the token authenticates, and every fetch checks again
 * that the link is live and that its user may still read the customer — with the embedded
 * provider by the user's current row (a locked or deleted user's links stop), with a real
 * Keycloak by the access the user had when making the link.
 *
 * Content: per machine with hoses one all-day event (the machine screens' rule,
 * rules/dguv-status `machineDue`, over the statuses the shop's dguv-stats computes): a machine
 * due later on its next due day; a machine due now — a hose overdue or never checked — on
 * today's date, named overdue, so it stays in a calendar's upcoming view until it is checked.
 * Each event lists the hoses due and overdue and links to the machine.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isCustomerUser, type PermissionSubject } from '@domain/rules/permissions';
import { machineDue, pipeStatuses, type PipeStatus } from '@domain/rules/dguv-status';
import { uuidv7 } from '@domain/ids';
import { toCalendarDate } from '@domain/rules/intervals';
import { calendarFeedPath, type FeedToken, type FeedTokenCreated } from '@domain/schemas/calendar';
import type { Locale } from '@domain/schemas/enums';
import type { EntityStoreDb, Database } from '@server/db/schema';
import type { AuthUser } from '@server/plugins/auth';
import { HttpError } from '@server/plugins/errors';
import type { ReportLocales } from '@server/reports/report-texts';
import { loadUserState } from '../users/user-state';
import { parseRoles } from '../users/users.repository';
import { rowsInScope } from '../shop/dguv-stats';
import {
  customerMachines,
  customerNames,
  findLiveToken,
  insertFeedToken,
  liveFeedTokens,
  revokeFeedToken,
  revokeUserLinks,
  touchFeedToken,
  type FeedMachine,
  type FeedTokenRow,
} from './calendar.repository';
import { icsCalendar, type IcsEvent } from './ics';

export interface CalendarOptions {
  db: Kysely<Database>;
  publicUrl: string;
  texts: ReportLocales;
  /** The embedded provider: users are checked against their current row. */
  embedded: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenInvalid = () => new HttpError(401, 'token_invalid', 'token invalid');
const forbidden = () => new HttpError(403, 'forbidden', 'not allowed');
const notFound = () => new HttpError(404, 'not_found', 'no data');

/** A customer user reads only their own customer (docs/operations.md); staff read every customer. */
function mayRead(subject: PermissionSubject, customerId: string): boolean {
  return !isCustomerUser(subject) || subject.customer === customerId;
}

/** The live customer's name; 404 for unknown or deleted ones. */
async function customerName(db: Kysely<Database>, customerId: string): Promise<string> {
  const name = (await customerNames(db, [customerId])).get(customerId);
  if (name === undefined) throw notFound();
  return name;
}

const feedUrl = (publicUrl: string, customerId: string, token: string) =>
  `${publicUrl}${calendarFeedPath(customerId)}?token=${token}`;

export async function createFeedToken(
  o: CalendarOptions,
  user: AuthUser,
  input: { customerId: string; locale: Locale },
): Promise<FeedTokenCreated> {
  if (!mayRead(user, input.customerId)) throw forbidden();
  const name = await customerName(o.db, input.customerId);
  const token = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  const row: FeedTokenRow = {
    id: uuidv7(),
    userId: user.id,
    customerId: input.customerId,
    tokenHash: sha256(token),
    roles: JSON.stringify(user.roles),
    userCustomerId: user.customer,
    locale: input.locale,
    createdAt: now,
    revokedAt: null,
    lastUsedAt: null,
  };
  await o.db.transaction().execute(async (trx) => {
    await revokeUserLinks(trx, user.id, input.customerId, now);
    await insertFeedToken(trx, row);
  });
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: name,
    createdAt: now,
    lastUsedAt: null,
    url: feedUrl(o.publicUrl, input.customerId, token),
  };
}

export async function listFeedTokens(o: CalendarOptions, user: AuthUser): Promise<FeedToken[]> {
  const rows = await liveFeedTokens(o.db, user.id);
  const names = await customerNames(o.db, [...new Set(rows.map((r) => r.customerId))]);
  return rows
    .filter((r) => names.has(r.customerId))
    .map((r) => ({
      id: r.id,
      customerId: r.customerId,
      customerName: names.get(r.customerId)!,
      createdAt: r.createdAt,
      lastUsedAt: r.lastUsedAt,
    }));
}

export async function revokeUserFeedToken(o: CalendarOptions, user: AuthUser, id: string) {
  if (!(await revokeFeedToken(o.db, user.id, id, new Date().toISOString()))) throw notFound();
}

/** Who the link acts for now; null when that user may no longer use it. */
async function linkSubject(
  o: CalendarOptions,
  row: FeedTokenRow,
): Promise<PermissionSubject | null> {
  const state = await loadUserState(o.db, row.userId);
  if (state.status === 'active') return { roles: state.roles, customer: state.customerId };
  if (state.status === 'unknown' && !o.embedded) {
    return { roles: parseRoles(row), customer: row.userCustomerId };
  }
  return null;
}

const machineName = (m: FeedMachine) =>
  m.machineType ? `${m.machineType} (${m.internalId})` : m.internalId;

function machineEvents(
  o: CalendarOptions,
  locale: string,
  customer: { id: string; name: string },
  machines: readonly FeedMachine[],
  statuses: Map<string, PipeStatus[]>,
  now: Date,
): IcsEvent[] {
  const { t } = o.texts(locale);
  const host = new URL(o.publicUrl).hostname;
  const today = toCalendarDate(now);
  const events: IcsEvent[] = [];
  for (const machine of machines) {
    const hoses = statuses.get(machine.id) ?? [];
    if (hoses.length === 0) continue;
    const due = machineDue(hoses);
    // Overdue and never-checked hoses make the machine due today, not on a day gone by.
    const day = due.overdue ? today : due.nextDue;
    if (!day) continue;
    const url = `${o.publicUrl}/customer/${customer.id}/machine/${machine.id}`;
    const neverChecked = hoses.filter((s) => s.lastCheck === null).length;
    const counts = {
      count: hoses.length,
      overdue: hoses.filter((s) => s.overdue).length,
      neverChecked,
      dueSoon: hoses.filter((s) => s.dueSoon).length,
      due: hoses.filter((s) => s.nextDue === null || s.nextDue <= day).length,
    };
    const names = { machine: machineName(machine), customer: customer.name };
    events.push({
      uid: `${machine.id}-dguv@${host}`,
      day,
      summary: due.overdue ? t('calendar.summaryOverdue', names) : t('calendar.summary', names),
      description: [
        t('calendar.hoses', counts),
        t('calendar.dueOnDay', counts),
        t('calendar.overdue', counts),
        ...(neverChecked > 0 ? [t('calendar.neverChecked', counts)] : []),
        t('calendar.dueSoon', counts),
        url,
      ].join('\n'),
      url,
    });
  }
  return events;
}

/** The feed of one customer for the presented token (401 / 403 / 404 as the link allows). */
export async function customerFeed(
  o: CalendarOptions,
  token: string | undefined,
  customerId: string,
  now: Date = new Date(),
): Promise<string> {
  const row = token ? await findLiveToken(o.db, sha256(token)) : undefined;
  if (!row) throw tokenInvalid();
  const subject = await linkSubject(o, row);
  if (!subject) throw tokenInvalid();
  if (row.customerId !== customerId || !mayRead(subject, customerId)) throw forbidden();
  const name = await customerName(o.db, customerId);
  const machines = await customerMachines(o.db, customerId);
  const rows = await rowsInScope(o.db.withTables<EntityStoreDb>(), 'customer', customerId);
  const byMachine = new Map<string, PipeStatus[]>();
  const pipeStatus = pipeStatuses(rows, now);
  for (const pipe of rows.pipes) {
    const status = pipeStatus.get(pipe.id)!;
    // A retired hose is never due and not one of the machine's hoses (docs/hose-lifecycle.md):
    // it would count as unchecked and due in the event's text.
    if (status.retired) continue;
    const list = byMachine.get(pipe.machineId) ?? [];
    list.push(status);
    byMachine.set(pipe.machineId, list);
  }
  await touchFeedToken(o.db, row.id, now.toISOString());
  const { t } = o.texts(row.locale);
  return icsCalendar({
    name: t('calendar.name', { customer: name }),
    now,
    events: machineEvents(o, row.locale, { id: customerId, name }, machines, byMachine, now),
  });
}
