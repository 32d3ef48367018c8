import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PROGRESS_TIMINGS,
  createProgressController,
  estimatedProgress,
  type ProgressView,
} from './progress-controller';

function recordingView() {
  const calls: string[] = [];
  const view: ProgressView = {
    set: (v) => calls.push(`set ${Math.round(v)}`),
    hide: () => calls.push('hide'),
    reset: () => calls.push('reset'),
  };
  return { view, calls };
}

describe('progress controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the SPEC timings', () => {
    expect(PROGRESS_TIMINGS).toMatchObject({
      duration: 2000,
      throttle: 200,
      hideDelay: 500,
      resetDelay: 400,
    });
  });

  it('never shows the bar when loading ends within the 200 ms throttle', () => {
    const { view, calls } = recordingView();
    const bar = createProgressController(view);
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(5000);
    expect(calls).toEqual([]);
    expect(bar.visible).toBe(false);
  });

  it('shows the bar after the throttle and creeps forward without reaching 100 %', () => {
    const { view, calls } = recordingView();
    const bar = createProgressController(view);
    bar.start();
    vi.advanceTimersByTime(200);
    expect(bar.visible).toBe(true);
    expect(calls).toEqual(['set 0']);
    vi.advanceTimersByTime(2000);
    expect(calls.at(-1)).toBe('set 70');
    vi.advanceTimersByTime(60_000);
    expect(calls.every((c) => c !== 'set 100')).toBe(true);
  });

  it('completes at 100 %, hides after 500 ms and resets 400 ms later', () => {
    const { view, calls } = recordingView();
    const bar = createProgressController(view);
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    expect(calls.at(-1)).toBe('set 100');
    vi.advanceTimersByTime(499);
    expect(calls).not.toContain('hide');
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe('hide');
    expect(bar.visible).toBe(false);
    vi.advanceTimersByTime(399);
    expect(calls).not.toContain('reset');
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe('reset');
  });

  it('takes over a bar that is still fading out instead of flickering', () => {
    const { view, calls } = recordingView();
    const bar = createProgressController(view);
    bar.start();
    vi.advanceTimersByTime(250);
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    expect(calls.at(-1)).toBe('set 0');
    vi.advanceTimersByTime(2000);
    expect(calls).not.toContain('hide');
  });

  it('ignores repeated start and finish calls, and dispose stops every timer', () => {
    const { view, calls } = recordingView();
    const bar = createProgressController(view);
    bar.finish();
    bar.start();
    bar.start();
    vi.advanceTimersByTime(200);
    expect(calls).toEqual(['set 0']);
    bar.dispose();
    vi.advanceTimersByTime(5000);
    expect(calls).toEqual(['set 0']);
  });

  it('estimates progress along an arctangent curve', () => {
    expect(estimatedProgress(0, 2000)).toBe(0);
    expect(estimatedProgress(2000, 2000)).toBeCloseTo(70.48, 1);
    expect(estimatedProgress(1e9, 2000)).toBeLessThan(100);
  });
});
