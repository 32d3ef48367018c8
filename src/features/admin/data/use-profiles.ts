/** The users list, fetched online with its search; loading, error and offline states. */
import { useCallback, useEffect, useState } from 'react';
import type { ProfileList } from '@domain/schemas/admin';
import { useOnlineStatus } from '@lib/network/use-online-status';
import { fetchProfiles } from './profile-api';

export type ProfilesState =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; list: ProfileList };

export function useProfiles(
  search: string,
  deactivated = false,
): { state: ProfilesState; reload: () => void } {
  const online = useOnlineStatus();
  const [state, setState] = useState<ProfilesState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    if (!online) {
      setState({ status: 'offline' });
      return;
    }
    const controller = new AbortController();
    // Keep the last list on screen while a new search runs; show the loader only at first.
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    fetchProfiles(search, controller.signal, deactivated).then(
      (list) => setState({ status: 'ready', list }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [online, search, deactivated, round]);

  return { state, reload };
}
