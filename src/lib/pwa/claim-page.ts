/**
 * The very first install claims the open page (`clientsClaim` in src/sw.ts), so the first visit
 * already works offline. A page that a navigation created while that install was activating
 * can miss the claim: its navigation went to the network, and the claim had run before it
 * existed. Such a page stays uncontrolled until it is loaded again, and its lazy screens then
 * fail offline. So once a version is active and the page is still uncontrolled, the page asks
 * the worker to claim it (`CLAIM_MESSAGE`; docs/sync.md "The service worker's install").
 */

export const CLAIM_MESSAGE = { type: 'CLAIM' } as const;

/** The parts of `navigator.serviceWorker` this needs (tests pass their own). */
export interface ContainerLike {
  readonly controller: object | null;
  readonly ready: Promise<{ readonly active: { postMessage(message: unknown): void } | null }>;
}

/** Resolves once asked (true) or not needed (false): the page is controlled already. */
export async function claimIfUncontrolled(container: ContainerLike): Promise<boolean> {
  const registration = await container.ready;
  if (container.controller || !registration.active) return false;
  registration.active.postMessage(CLAIM_MESSAGE);
  return true;
}
