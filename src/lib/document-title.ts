/**
 * A screen's own say over the document title. The route's title is the default; a screen
 * whose content is not what the route promises (a machine that does not exist is no "Machine
 * overview") sets an override while it is shown, and the shell's title follows it.
 */
import { useEffect } from 'react';
import { create } from 'zustand';

interface TitleOverride {
  /** A translation key in the routes namespace, or null for the route's own title. */
  key: string | null;
}

export const useTitleOverride = create<TitleOverride>(() => ({ key: null }));

/** Replaces the route's title with `key` (routes namespace) while the calling screen shows. */
export function useOverrideDocumentTitle(key: string): void {
  useEffect(() => {
    useTitleOverride.setState({ key });
    return () => useTitleOverride.setState({ key: null });
  }, [key]);
}
