/**
 * The configurator's choices and what follows from them (docs/api.md): the customer (a customer
 * user's own; staff choose, starting from the selected customer), its location and machine,
 * the hose from the catalogue, both fittings with twist angle, accessories, and the price of
 * one assembly — rules/pipe-price over the synced catalogue, exactly as the server prices it.
 */
import { useState } from 'react';
import { useAllRows, useCompanies, useLocations, useMachines } from '@db/hooks';
import { pipePrice, type PipePriceResult } from '@domain/rules/pipe-price';
import type { FittingType } from '@domain/schemas/enums';
import type { Product } from '@domain/schemas/product';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import type { PipeRow } from './data/cart-data';

export interface FittingChoice {
  type: FittingType | null;
  twistAngle: number;
}

export interface Draft {
  companyId: string | null;
  locationId: string | null;
  machineId: string | null;
  hoseId: string | null;
  lengthMm: number | null;
  left: FittingChoice;
  right: FittingChoice;
  withProtection: boolean;
  withRope: boolean;
  quantity: number;
}

const noFitting: FittingChoice = { type: null, twistAngle: 0 };

/** The hose record the configured assembly becomes (ids and code are set on adding). */
export function draftPipe(draft: Draft, hose: Product | undefined): PipeRow | null {
  if (!hose || draft.lengthMm === null || !draft.machineId || !draft.companyId) return null;
  const fitting = (f: FittingChoice) => ({ type: f.type, twistAngle: f.twistAngle, socket: null });
  return {
    id: '',
    version: 1,
    createdAt: '',
    updatedAt: '',
    deletedAt: null,
    companyId: draft.companyId,
    machineId: draft.machineId,
    position: 0,
    code: '',
    productId: hose.id,
    hoseType: hose.name,
    dn: hose.dn,
    maxPn: hose.maxPn,
    length: draft.lengthMm,
    fittingLeft: fitting(draft.left),
    fittingRight: fitting(draft.right),
    withProtection: draft.withProtection,
    withRope: draft.withRope,
  } as PipeRow;
}

export function useConfigurator() {
  const user = useAuthStore((s) => s.user);
  const selected = useSelectionStore((s) => s.customerId);
  const own = user?.customer ? user.customer : null;
  const [draft, setDraft] = useState<Draft>({
    companyId: own ?? selected,
    locationId: null,
    machineId: null,
    hoseId: null,
    lengthMm: 1000,
    left: noFitting,
    right: noFitting,
    withProtection: false,
    withRope: false,
    quantity: 1,
  });
  const companies = useCompanies();
  const locations = useLocations(draft.companyId ?? '');
  const machines = useMachines(draft.companyId ?? '');
  const products = useAllRows('product')?.filter((p) => p.active);
  const settings = useAllRows('companySettings')?.[0];
  const hose = products?.find((p) => p.id === draft.hoseId);
  const pipe = draftPipe(draft, hose);
  const price: PipePriceResult | null =
    pipe && products ? pipePrice(pipe, products, settings?.assemblySurchargeCents ?? 0) : null;
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  return {
    draft,
    change,
    isCustomer: own !== null,
    companies,
    // Only places a hose can go to: a location with machines (not the invoice PO box).
    locations: locations?.filter((l) => machines?.some((m) => m.locationId === l.id)),
    machines: machines?.filter((m) => m.locationId === draft.locationId),
    products,
    hose,
    pipe,
    price,
  };
}
