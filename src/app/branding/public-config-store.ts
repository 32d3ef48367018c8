/**
 * The last public config fetched (test environment flag, version, customer branding), and the
 * branding the app shows now (the selected customer's, remembered or fetched; use-branding.ts).
 */
import { create } from 'zustand';
import type { Branding, PublicConfig } from '@domain/schemas/public-config';

interface PublicConfigState {
  config: PublicConfig | null;
  branding: Branding | null;
}

export const usePublicConfigStore = create<PublicConfigState>()(() => ({
  config: null,
  branding: null,
}));
