/**
 * Timing of the top loading bar (docs/architecture.md): duration 2000 ms, throttle 200 ms, hide delay
 * 500 ms, reset delay 400 ms.
 *
 * - A load that finishes within the throttle never shows the bar (no flicker on fast pages).
 * - While loading, the bar creeps towards 100 % along an arctangent curve scaled by `duration`
 *   (it never reaches the end on its own, however long the load takes).
 * - On finish it jumps to 100 %, is hidden `hideDelay` later and set back to 0 `resetDelay`
 *   after that, so the next load starts from an empty bar.
 * The view (Mantine nprogress in the app) only draws what it is told.
 */

export interface ProgressTimings {
  duration: number;
  throttle: number;
  hideDelay: number;
  resetDelay: number;
  /** How often the estimated progress is redrawn while loading. */
  tick: number;
}

export const PROGRESS_TIMINGS: ProgressTimings = {
  duration: 2000,
  throttle: 200,
  hideDelay: 500,
  resetDelay: 400,
  tick: 100,
};

export interface ProgressView {
  /** Shows the bar at `value` percent (0–100). */
  set(value: number): void;
  hide(): void;
  /** Puts the hidden bar back to 0 %. */
  reset(): void;
}

export interface ProgressController {
  start(): void;
  finish(): void;
  dispose(): void;
  readonly visible: boolean;
}

/** Estimated progress in percent after `elapsed` ms: 70.5 % at `duration`, never 100. */
export function estimatedProgress(elapsed: number, duration: number): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50);
}

export function createProgressController(
  view: ProgressView,
  timings: ProgressTimings = PROGRESS_TIMINGS,
): ProgressController {
  let loading = false;
  let visible = false;
  let startedAt = 0;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const clearAll = () => {
    clearTimeout(throttleTimer);
    clearInterval(tickTimer);
    clearTimeout(hideTimer);
    clearTimeout(resetTimer);
    throttleTimer = tickTimer = hideTimer = resetTimer = undefined;
  };

  const show = () => {
    throttleTimer = undefined;
    visible = true;
    startedAt = Date.now();
    view.set(estimatedProgress(0, timings.duration));
    tickTimer = setInterval(() => {
      view.set(estimatedProgress(Date.now() - startedAt, timings.duration));
    }, timings.tick);
  };

  return {
    get visible() {
      return visible;
    },
    start() {
      if (loading) return;
      loading = true;
      clearAll();
      // A bar still fading out from the previous load is reused at once, not hidden and re-shown.
      if (visible) show();
      else if (timings.throttle > 0) throttleTimer = setTimeout(show, timings.throttle);
      else show();
    },
    finish() {
      if (!loading) return;
      loading = false;
      if (!visible) {
        clearAll();
        return;
      }
      clearInterval(tickTimer);
      tickTimer = undefined;
      view.set(100);
      hideTimer = setTimeout(() => {
        visible = false;
        view.hide();
        resetTimer = setTimeout(() => view.reset(), timings.resetDelay);
      }, timings.hideDelay);
    },
    dispose() {
      clearAll();
      loading = false;
      visible = false;
    },
  };
}
