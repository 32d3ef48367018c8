/** The finish date field: today on the device, and the instant stored for a chosen day. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as 'YYYY-MM-DD' in the device's zone. */
export function todayLocal(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Signed today: now; another day: that day at noon on the device (never a day off by zone). */
export function signedAtOf(day: string, now = new Date()): Date {
  if (day === todayLocal(now)) return now;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return now;
  return new Date(y, m - 1, d, 12, 0, 0);
}
