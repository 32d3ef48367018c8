/** The staff a day can be planned for, fetched online (accounts are not synced). */
import { useEffect, useState } from 'react';
import { TECHNICIANS_PATH, technicianListSchema, type Technician } from '@domain/schemas/day-plan';
import { api } from '@lib/api/api';

export type TechniciansState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; list: Technician[] };

export function useTechnicians(): TechniciansState {
  const [state, setState] = useState<TechniciansState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api.get(TECHNICIANS_PATH, { signal: controller.signal }).then(
      (data) => setState({ status: 'ready', list: technicianListSchema.parse(data) }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
