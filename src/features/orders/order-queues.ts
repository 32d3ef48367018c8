/**
 * The office's three order queues (docs/api.md "order management"): new orders to approve, orders
 * to process, orders in progress. Other screens link to `/orders?queue=<name>`, so these three
 * names are a contract.
 */
import type { OrderState } from '@domain/schemas/enums';

export const ORDER_QUEUES = {
  approve: ['APPROVAL_PENDING'],
  process: ['READY'],
  progress: ['ORDER', 'WORKSHOP', 'ORDERED'],
} as const satisfies Record<string, readonly OrderState[]>;

export type OrderQueue = keyof typeof ORDER_QUEUES;
export const QUEUE_NAMES = Object.keys(ORDER_QUEUES) as OrderQueue[];

export const OPEN_STATES: readonly OrderState[] = [
  'APPROVAL_PENDING',
  'READY',
  'ORDER',
  'WORKSHOP',
  'ORDERED',
];
export const DONE_STATES: readonly OrderState[] = ['COMPLETE', 'CANCELED'];

export function parseQueue(value: string | null): OrderQueue | null {
  return value !== null && (QUEUE_NAMES as string[]).includes(value) ? (value as OrderQueue) : null;
}

/** Where the list of a queue is. */
export const queuePath = (queue: OrderQueue) => `/orders?queue=${queue}`;
