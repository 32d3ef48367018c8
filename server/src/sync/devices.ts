/**
 * Device reports (docs/sync.md "Device reports"): every push and pull carries the device's
 * report in the `x-device-report` header; the server keeps the latest per sync client id, and
 * the office reads them (`GET /api/sync/devices`: office and administrators, every user's;
 * `GET /api/sync/devices/mine`: anybody, their own).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { canSeeAllDevices, hasOldUnsent, OLD_UNSENT_MS } from '@domain/rules/devices';
import {
  DEVICE_REPORT_HEADER,
  deviceReportSchema,
  type Device,
  type DeviceReport,
} from '@domain/sync-contract';
import type { Database } from '../db/schema';
import { requireUser, type AuthUser } from '../plugins/auth';
import { HttpError, parseOr400 } from '../plugins/errors';

/** The request's device report, checked; null when it carries none (an older app). */
export function deviceReportOf(req: FastifyRequest): DeviceReport | null {
  const raw = req.headers[DEVICE_REPORT_HEADER];
  if (raw === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(Array.isArray(raw) ? (raw[0] ?? '') : raw);
  } catch {
    throw new HttpError(400, 'validation', 'validation:format', DEVICE_REPORT_HEADER);
  }
  return parseOr400(deviceReportSchema, value);
}

/**
 * Keeps `report` as the device's latest. A client id belongs to the user who first used it:
 * another user's report for it is not kept (the push refuses that client anyway).
 */
export async function recordDeviceReport(
  db: Kysely<Database>,
  user: AuthUser,
  clientId: string,
  report: DeviceReport,
  now: Date = new Date(),
): Promise<void> {
  const lastContactAt = now.toISOString();
  const oldestPendingAt =
    report.oldestPendingAgeMs === null
      ? null
      : new Date(now.getTime() - report.oldestPendingAgeMs).toISOString();
  const row = { lastContactAt, oldestPendingAt, report: JSON.stringify(report) };
  await db
    .insertInto('syncDevice')
    .values({ clientId, userId: user.id, ...row })
    .onConflict((oc) =>
      oc.column('clientId').doUpdateSet(row).where('syncDevice.userId', '=', user.id),
    )
    .execute();
}

async function listDevices(db: Kysely<Database>, userId: string | null): Promise<Device[]> {
  let q = db
    .selectFrom('syncDevice')
    .leftJoin('users', 'users.id', 'syncDevice.userId')
    .select([
      'syncDevice.clientId',
      'syncDevice.userId',
      'syncDevice.lastContactAt',
      'syncDevice.oldestPendingAt',
      'syncDevice.report',
      'users.username',
      'users.firstName',
      'users.lastName',
    ])
    .orderBy('syncDevice.lastContactAt', 'desc');
  if (userId !== null) q = q.where('syncDevice.userId', '=', userId);
  const rows = await q.execute();
  return rows.map((r) => {
    const name = [r.firstName, r.lastName].filter(Boolean).join(' ');
    return {
      clientId: r.clientId,
      userId: r.userId,
      userName: r.username ? (name ? `${name} (${r.username})` : r.username) : r.userId,
      lastContactAt: r.lastContactAt,
      oldestPendingAt: r.oldestPendingAt,
      report: deviceReportSchema.parse(JSON.parse(r.report)),
    };
  });
}

/**
 * How many devices last reported unsent work older than a day (docs/sync.md "Device reports"),
 * by the same rule as the Devices screen: the metric `sync_devices_old_unsent`.
 */
export async function countDevicesWithOldUnsent(
  db: Kysely<Database>,
  now: number = Date.now(),
): Promise<number> {
  const rows = await db
    .selectFrom('syncDevice')
    .select(['clientId', 'userId', 'lastContactAt', 'oldestPendingAt', 'report'])
    .where('oldestPendingAt', '<=', new Date(now - OLD_UNSENT_MS).toISOString())
    .execute();
  return rows.filter((r) =>
    hasOldUnsent(
      { ...r, userName: r.userId, report: deviceReportSchema.parse(JSON.parse(r.report)) },
      now,
    ),
  ).length;
}

export function deviceRoutes(app: FastifyInstance, db: Kysely<Database>) {
  app.get('/api/sync/devices', async (req, reply) => {
    const user = requireUser(req);
    if (!canSeeAllDevices(user)) throw new HttpError(403, 'forbidden', 'not allowed');
    reply.header('cache-control', 'no-store');
    return listDevices(db, null);
  });
  app.get('/api/sync/devices/mine', async (req, reply) => {
    const user = requireUser(req);
    reply.header('cache-control', 'no-store');
    return listDevices(db, user.id);
  });
}
