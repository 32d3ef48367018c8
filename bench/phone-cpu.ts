/**
 * A phone-class CPU for the Chromium benchmarks on whatever machine runs them. CPU throttling
 * is relative to the host: Lighthouse's default 4× turns a high-end desktop (BenchmarkIndex
 * 1 500–2 000) into a mid-tier phone, but a slower host under the same 4× emulates a slower
 * phone than the budgets mean. So the host is rated first with Lighthouse's own BenchmarkIndex
 * (its page function, in the same Chromium, median of three) and slowed by host ÷ target,
 * Lighthouse's documented calibration (its docs/throttling.md, "Calibrating the CPU slowdown").
 * The target, 440, is where the default 4× takes the middle of that desktop bracket (1 750 ÷ 4):
 * a mid-tier phone in Lighthouse's table (125–800). bench/README.md prints it with the figures.
 */
import type { Page } from '@playwright/test';
// No package exports in lighthouse: its page functions are a plain module of the package.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const PHONE_BENCHMARK_INDEX = 440;

/** The host's Lighthouse BenchmarkIndex, median of three, measured in `page`. */
export async function hostBenchmarkIndex(page: Page): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  return runs.sort((a, b) => a - b)[1]!;
}

/** The CPU slowdown that makes a host of `index` a phone of PHONE_BENCHMARK_INDEX (never < 1). */
export function phoneSlowdown(index: number): number {
  return Math.max(1, Math.round((index / PHONE_BENCHMARK_INDEX) * 100) / 100);
}

/** Applies that slowdown to `page` through the DevTools protocol (Chromium only). */
export async function throttleToPhone(page: Page, slowdown: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
}
