/**
 * A set of chosen ids (hoses to label or order, order lines to mark): `toggle` adds or removes
 * one, `replace` sets all at once. A new Set on each change, so memoised children see it.
 */
import { useCallback, useState } from 'react';

export function useToggleSet(initial: Iterable<string> = []) {
  const [chosen, replace] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = useCallback(
    (id: string) =>
      replace((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return { chosen, toggle, replace } as const;
}
