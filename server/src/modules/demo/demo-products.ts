/**
 * The shop catalogue of the demo: hoses per metre by type, nominal size and pressure rating
 * (EN 853 1SN/2SN, EN 856 4SP/4SH, SAE 100R7), press fittings of every fitting type for every
 * size, protection sleeves per size and safety ropes — enough to price every demo hose.
 */
import { FITTING_TYPE, type FittingType } from '@domain/schemas/enums';
import type { DemoIds } from './demo-random';
import type { DemoInput, DemoRows } from './demo-rows';

export const DEMO_DNS = [6, 8, 10, 12, 16, 20, 25, 32] as const;

/** Rated pressure (bar) per hose type and DN; a missing DN is not made in that type. */
const RATINGS: Record<string, Partial<Record<number, number>>> = {
  '1SN': { 6: 225, 8: 215, 10: 180, 12: 160, 16: 130, 20: 105, 25: 88, 32: 63 },
  '2SN': { 6: 400, 8: 350, 10: 330, 12: 275, 16: 250, 20: 215, 25: 165, 32: 125 },
  '4SP': { 12: 415, 16: 350, 20: 350, 25: 280, 32: 210 },
  '4SH': { 20: 420, 25: 380, 32: 350 },
  R7: { 6: 207, 8: 175, 10: 155, 12: 140 },
};
const TYPE_PRICE: Record<string, number> = {
  '1SN': 320,
  '2SN': 480,
  '4SP': 910,
  '4SH': 1240,
  R7: 410,
};

export interface HoseSpec {
  productId: string;
  hoseType: string;
  dn: number;
  maxPn: number;
}

const FITTING_NAMES: Record<FittingType, string> = {
  '24METRISCH': '24°-Konus metrisch (DKOL)',
  FLANSCH: 'SAE-Flansch',
  FLACHDICHT: 'Flachdichtend',
  BSP: 'BSP 60°-Konus',
  JIC: 'JIC 37°',
  JIS: 'JIS 30°',
  KOMATSU: 'Komatsu 30°',
  CUSTOM: 'Sonderarmatur',
};
const FITTING_PRICE: Record<FittingType, number> = {
  '24METRISCH': 390,
  FLANSCH: 1450,
  FLACHDICHT: 520,
  BSP: 460,
  JIC: 480,
  JIS: 610,
  KOMATSU: 690,
  CUSTOM: 2200,
};

export function addProducts(rows: DemoRows, ids: DemoIds): HoseSpec[] {
  const hoses: HoseSpec[] = [];
  const product = (fields: Omit<DemoInput<'product'>, 'id' | 'companyId'>) =>
    rows.add('product', { id: ids.next('product'), companyId: null, ...fields }).id;
  for (const [hoseType, ratings] of Object.entries(RATINGS)) {
    for (const dn of DEMO_DNS) {
      const maxPn = ratings[dn];
      if (maxPn === undefined) continue;
      const productId = product({
        articleNumber: `S-${hoseType}-${String(dn).padStart(2, '0')}`,
        name: `Hydraulikschlauch ${hoseType} DN${dn} (${maxPn} bar)`,
        unit: 'METER',
        kind: 'HOSE',
        dn,
        maxPn,
        priceCents: (TYPE_PRICE[hoseType] ?? 500) + dn * 45,
      });
      hoses.push({ productId, hoseType, dn, maxPn });
    }
  }
  for (const fittingType of FITTING_TYPE) {
    for (const dn of DEMO_DNS) {
      product({
        articleNumber: `A-${fittingType}-${String(dn).padStart(2, '0')}`,
        name: `Pressarmatur ${FITTING_NAMES[fittingType]} DN${dn}`,
        unit: 'PIECE',
        kind: 'FITTING',
        dn,
        fittingType,
        priceCents: FITTING_PRICE[fittingType] + dn * 28,
      });
    }
  }
  for (const dn of DEMO_DNS) {
    product({
      articleNumber: `Z-SPIRALE-${String(dn).padStart(2, '0')}`,
      name: `Schlauchschutzspirale DN${dn}`,
      unit: 'METER',
      kind: 'ACCESSORY',
      dn,
      accessory: 'PROTECTION',
      priceCents: 190 + dn * 12,
    });
  }
  product({
    articleNumber: 'Z-FANGSEIL',
    name: 'Schlauchbruchsicherung (Fangseil)',
    unit: 'PIECE',
    kind: 'ACCESSORY',
    accessory: 'ROPE',
    priceCents: 1890,
  });
  product({
    articleNumber: 'Z-FANGSEIL-32',
    name: 'Schlauchbruchsicherung schwer DN32',
    unit: 'PIECE',
    kind: 'ACCESSORY',
    dn: 32,
    accessory: 'ROPE',
    priceCents: 2890,
  });
  return hoses;
}
