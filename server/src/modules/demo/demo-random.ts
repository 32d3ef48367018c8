/**
 * Determinism for the demo data: a seeded pseudo-random generator (mulberry32), readable fixed
 * ids, and dates counted back from the day of seeding (so that intervals and service lives
 * look the same on every first start).
 */
import { addDays } from '@domain/rules/intervals';

export class DemoRandom {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

/** Entity kinds in the second id group, so an id tells what it names. */
const KIND_CODES = {
  company: '0000',
  settings: '0001',
  location: '0002',
  contact: '0003',
  manufacturer: '0004',
  machine: '0005',
  aggregate: '0006',
  part: '0007',
  product: '0008',
  pipe: '0009',
  signature: '000a',
  audit: '000b',
  answer: '000c',
  file: '000d',
} as const;
export type DemoIdKind = keyof typeof KIND_CODES;

/** Fixed UUIDv7-shaped ids in the style of the demo users ('01936b2e-…'). */
export function demoId(kind: DemoIdKind, n: number): string {
  return `01936b2e-${KIND_CODES[kind]}-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Counts ids per kind. */
export class DemoIds {
  private readonly counters = new Map<DemoIdKind, number>();
  next(kind: DemoIdKind): string {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return demoId(kind, n);
  }
}

/** 'YYYY-MM-DD' that many days before `today`. */
export const daysBefore = (today: string, days: number) => addDays(today, -days);
