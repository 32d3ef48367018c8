import { describe, expect, it } from 'vitest';
import { wallTime } from './wall-time';

const HOUR = 3_600_000;

/** What Intl says, the reference wall-time.ts must equal. */
const intl = new Map<string, Intl.DateTimeFormat>();
function intlWall(ms: number, timeZone: string): number[] {
  if (!intl.has(timeZone))
    intl.set(
      timeZone,
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    );
  const parts = intl.get(timeZone)!.formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return ['year', 'month', 'day', 'hour', 'minute', 'second'].map(get);
}

describe('wall time without Intl (wall-time.ts)', () => {
  it('equals Intl in Berlin every hour around each summer-time change, 1996–2099', () => {
    const differ: unknown[] = [];
    let compared = 0;
    for (let year = 1996; year <= 2099; year++) {
      for (const month of [2, 9]) {
        // Every hour across the last eight days of March and October, and a minute either
        // side of each full hour (the change happens at 01:00 UTC).
        const from = Date.UTC(year, month + 1, 0) - 8 * 24 * HOUR;
        for (let ms = from; ms < from + 9 * 24 * HOUR; ms += HOUR) {
          for (const at of [ms - 60_000, ms, ms + 60_000 + 999]) {
            const mine = wallTime(at, 'Europe/Berlin');
            const intl = intlWall(at, 'Europe/Berlin');
            if (mine?.join() !== intl.join()) differ.push({ at, mine, intl });
            compared++;
          }
        }
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
  });

  it('equals Intl in Berlin and UTC at instants spread over the years it knows', () => {
    const differ: unknown[] = [];
    const from = Date.UTC(1996, 0, 1);
    const to = Date.UTC(2100, 0, 1) - 1;
    for (let i = 0; i <= 20_000; i++) {
      const at = Math.floor(from + ((to - from) * i) / 20_000) + (i % 7) * 7_777;
      if (at > to) continue;
      for (const zone of ['Europe/Berlin', 'UTC']) {
        const mine = wallTime(at, zone);
        const intl = intlWall(at, zone);
        if (mine?.join() !== intl.join()) differ.push({ at, zone, mine, intl });
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    // New Year's Eve in Berlin is already the next year.
    expect(wallTime(Date.UTC(2026, 11, 31, 23, 30), 'Europe/Berlin')).toEqual([
      2027, 1, 1, 0, 30, 0,
    ]);
  });

  it('knows no other zone and no year outside 1996–2099: the callers ask Intl', () => {
    expect(wallTime(Date.UTC(2026, 5, 1), 'America/New_York')).toBeNull();
    expect(wallTime(Date.UTC(1995, 5, 1), 'Europe/Berlin')).toBeNull();
    expect(wallTime(Date.UTC(2100, 0, 1), 'UTC')).toBeNull();
    expect(wallTime(Number.NaN, 'UTC')).toBeNull();
  });
});
