/** The last public config fetched (test environment flag, version, customer branding). */
import { create } from 'zustand';
import type { PublicConfig } from '@domain/schemas/public-config';

interface PublicConfigState {
  config: PublicConfig | null;
}

export const usePublicConfigStore = create<PublicConfigState>()(() => ({ config: null }));
