/**
 * A refused call in the words of the person who made it: what they did ("Ordering a
 * configured hose", "Change to hose"), why the server said no, and what to do — instead of
 * "cms.create · POST … 403". The technical call and status stay available for staff.
 */
import type { OutboxEntry } from '@db/records';
import { looksLikeMessageKey } from '@lib/i18n';

/** Commands that have their own wording; other commands read as "a change". */
const COMMANDS = [
  'shop.add',
  'shop.configured',
  'shop.quantity',
  'shop.remove',
  'shop.submit',
  'shop.order.transition',
  'shop.order.shipping',
] as const;

export interface Words {
  key: string;
  params?: Record<string, string>;
}

/** What the user did, as a translation key of the `sync` namespace with its parameters. */
export function describeCall(entry: Pick<OutboxEntry, 'kind' | 'name' | 'entity'>): Words {
  if (entry.kind === 'command') {
    const known = (COMMANDS as readonly string[]).includes(entry.name);
    return { key: known ? `calls.${entry.name}` : 'calls.command' };
  }
  return { key: `calls.${entry.kind}`, params: { thing: `things.${entry.entity ?? 'other'}` } };
}

export type RefusalKind = 'invalid' | 'forbidden' | 'missing' | 'clash' | 'tooLarge' | 'other';

/** Why the server refused, by its status: each kind has its own explanation and advice. */
export function refusalKind(status: number | null): RefusalKind {
  switch (status) {
    case 400:
    case 422:
      return 'invalid';
    case 403:
      return 'forbidden';
    case 404:
    case 410:
      return 'missing';
    case 409:
      return 'clash';
    case 413:
      return 'tooLarge';
    default:
      return 'other';
  }
}

/** The server's own message when it is one of ours (a message key), else null. */
export function translatableDetail(raw: string | null): string | null {
  return raw && looksLikeMessageKey(raw) ? raw : null;
}
