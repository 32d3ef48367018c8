import type { VerifiedReport } from '@domain/schemas/reports';
import { api } from './api';
import { HttpError } from './http-errors';

/**
 * `GET /api/public/verify/{number}` without sign-in: the approved report with that number, or
 * null when there is none. Other failures (offline, rate limited) are thrown.
 */
export async function verifyReport(number: string): Promise<VerifiedReport | null> {
  const { verifiedReportSchema } = await import('@domain/schemas/reports');
  try {
    const data = await api.get(`/api/public/verify/${encodeURIComponent(number)}`, {
      token: null,
    });
    return verifiedReportSchema.parse(data);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  }
}
