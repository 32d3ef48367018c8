/**
 * Saved branding, announced: the settings screen calls `brandingChanged` after an administrator
 * saves a customer's colour or logo, and the app's branding (src/app/branding/use-branding.ts)
 * fetches that customer's branding again if it is the one shown — so the new colour and logo
 * apply at once, without a reload (docs/architecture.md, branding).
 */
import { create } from 'zustand';

interface BrandingChanges {
  /** Per customer id: how often its branding was saved on this page. */
  saved: Record<string, number>;
}

export const useBrandingChanges = create<BrandingChanges>()(() => ({ saved: {} }));

export function brandingChanged(customerId: string): void {
  useBrandingChanges.setState((s) => ({
    saved: { ...s.saved, [customerId]: (s.saved[customerId] ?? 0) + 1 },
  }));
}
