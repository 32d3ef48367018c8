/**
 * A page that missed the first install's claim asks the active worker to claim it; a
 * controlled page does not ask (src/lib/pwa/claim-page.ts).
 */
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGE, claimIfUncontrolled, type ContainerLike } from './claim-page';

function container(controller: object | null, active: boolean) {
  const sent: unknown[] = [];
  const c: ContainerLike = {
    controller,
    ready: Promise.resolve({
      active: active ? { postMessage: (message: unknown) => sent.push(message) } : null,
    }),
  };
  return { c, sent };
}

describe('claiming a page the first install missed', () => {
  it('asks the active worker to claim an uncontrolled page', async () => {
    const { c, sent } = container(null, true);
    expect(await claimIfUncontrolled(c)).toBe(true);
    expect(sent).toEqual([CLAIM_MESSAGE]);
  });

  it('leaves a controlled page alone', async () => {
    const { c, sent } = container({}, true);
    expect(await claimIfUncontrolled(c)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('asks nothing of a registration without an active worker', async () => {
    const { c, sent } = container(null, false);
    expect(await claimIfUncontrolled(c)).toBe(false);
    expect(sent).toEqual([]);
  });
});
