/**
 * Numbers people read aloud and type into a search, instead of raw ids.
 * Ids are UUIDv7 (docs/sync.md): their last characters are random, so six of them tell two
 * records of the same day apart in practice; the number needs no server round trip, so a
 * report made offline has it at once and keeps it after sync.
 */

/** The last six characters of an id in capitals, e.g. "7F3A2C" (orders, short references). */
export const shortRef = (id: string) => id.replace(/-/g, '').slice(-6).toUpperCase();

/**
 * A report's number: its day and its short reference, e.g. "20261124-7F3A2C". `day` may be a
 * calendar day, SPEC's audit wall time or an ISO instant; only its date part is used.
 */
export function reportNumber(day: string, id: string): string {
  return `${day.slice(0, 10).replace(/-/g, '')}-${shortRef(id)}`;
}
