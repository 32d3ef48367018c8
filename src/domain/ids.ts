/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Ids are made by whoever
 * creates a record, usually the client offline (docs/sync.md), and sort by creation time — also
 * within one millisecond (RFC 9562 §6.2, method 1): the 12 bits after the version are a
 * counter that starts at a random value below 2048 in each new millisecond and counts up for
 * every further id of that millisecond (two writes in one millisecond are common since a
 * write takes about one; lists order equal times by id). An id for an earlier time than the
 * last one (another clock, a given `now`) starts a counter of its own.
 */
let lastNow = -Infinity;
let lastMs = -1;
let counter = 0;

/**
 * Random bytes drawn from the platform's CSPRNG a pool at a time, 16 per id (as the `uuid`
 * package does): one `getRandomValues` per id was a quarter of the server's work applying a
 * push of creates (bench/README.md, `push-200-mutations`). Each id's bytes are used once.
 */
const POOL = new Uint8Array(16 * 256);
let poolAt = POOL.length;

function randomBytes16(): Uint8Array {
  if (poolAt + 16 > POOL.length) {
    globalThis.crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  poolAt += 16;
  return POOL.subarray(poolAt - 16, poolAt);
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes16();
  const fresh = ((bytes[6]! & 0x07) << 8) | bytes[7]!;
  let ms = now;
  let count = fresh;
  if (now >= lastNow && now <= lastMs) {
    // The same millisecond as the last id (or one the counter ran ahead into): count on; 4 096
    // ids in one spend its counter, and the next millisecond begins.
    if (counter < 0xfff) counter += 1;
    else [lastMs, counter] = [lastMs + 1, fresh];
    [lastNow, ms, count] = [now, lastMs, counter];
  } else if (now > lastMs) {
    [lastNow, lastMs, counter] = [now, now, fresh];
  }
  // Otherwise an earlier time than the last id's: an id of its own, the sequence untouched.
  let rest = ms;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[6] = 0x70 | (count >> 8); // version 7, then the counter's high bits
  bytes[7] = count & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const h = (from: number, to: number) => {
    let out = '';
    for (let i = from; i < to; i++) out += HEX[bytes[i]!];
    return out;
  };
  return `${h(0, 4)}-${h(4, 6)}-${h(6, 8)}-${h(8, 10)}-${h(10, 16)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID in its text form (any version, either case). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
