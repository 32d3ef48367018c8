/**
 * Where the need for a new hose is found (a hose list, a hose, a DGUV report's defects), the
 * shop offers "Order replacement". Features never import each other, so the app
 * fills this slot with the shop's buttons and the hose and DGUV screens render whatever is in
 * it — nothing when no shop is composed in (tests of those screens, for example).
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { EntityRow } from '../db/entity-tables';

/** A hose offered for a bulk order, with the facts the quick selections pick by. */
export interface OrderCandidate {
  pipe: EntityRow<'pipe'>;
  /** The latest check found something (warning or defect). */
  finding: boolean;
  /** The latest check recommends replacing the hose. */
  replace: boolean;
  pastServiceLife: boolean;
  /**
   * Flagged "replace at the next visit" (rules/hose-life): the bulk order opens with exactly
   * these chosen. Absent where no due date is at hand (a report's defects).
   */
  replaceNextVisit?: boolean;
}

export interface OrderSlot {
  /** One tap: the hose into its customer's cart, quantity 1. */
  ReplaceButton: ComponentType<{ pipe: EntityRow<'pipe'>; compact?: boolean }>;
  /**
   * Choose several of `candidates` (or all with findings, …) and add them in one step.
   * `pending`: the candidates are still loading; the button shows, disabled.
   */
  BulkButton: ComponentType<{ candidates: readonly OrderCandidate[]; pending?: boolean }>;
}

const OrderSlotContext = createContext<OrderSlot | null>(null);
export const OrderSlotProvider = OrderSlotContext.Provider;

/** The shop's order buttons, or null when the app composed none. */
export function useOrderSlot(): OrderSlot | null {
  return useContext(OrderSlotContext);
}
