import { z } from 'zod';

/**
 * The enumerations of docs/api.md, spelled as the server stores them. Each comes as a const array
 * (for selects, filters and exhaustive tests) and a zod enum built from it; the error is the
 * generic 'required' key because a missing choice is the only way a form gets one wrong.
 */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'validation:required' });

export const AUDIT_STATE = ['COMPLETE', 'APPROVED', 'IN_PROGRESS'] as const;
export const auditStateSchema = choice(AUDIT_STATE);
export type AuditState = z.infer<typeof auditStateSchema>;

/**
 * Why an audit is made (the record states it, docs/dguv-record.md): before first use (after
 * assembly or installation), after repair or replacement, extraordinary (after an event) or
 * recurring (the interval's inspection, the default).
 */
export const AUDIT_OCCASION = ['FIRST_USE', 'AFTER_REPAIR', 'EXTRAORDINARY', 'RECURRING'] as const;
export const auditOccasionSchema = choice(AUDIT_OCCASION);
export type AuditOccasion = z.infer<typeof auditOccasionSchema>;

/** The event behind an extraordinary audit; OTHER is described in words. */
export const OCCASION_EVENT = [
  'ACCIDENT',
  'COLLISION',
  'OVERHEATING',
  'LONG_IDLE',
  'OTHER',
] as const;
export const occasionEventSchema = choice(OCCASION_EVENT);
export type OccasionEvent = z.infer<typeof occasionEventSchema>;

export const CHANGEINTERVAL = ['YEAR', 'HALFYEAR', 'QUARTER', 'MONTH'] as const;
export const changeIntervalSchema = choice(CHANGEINTERVAL);
export type ChangeInterval = z.infer<typeof changeIntervalSchema>;

/**
 * On what the operator's interval decision rests (DGUV Regel 113-020 §4.4,
 * docs/dguv-record.md): a risk assessment, the manufacturer's instructions, or experience.
 */
export const INTERVAL_BASIS = ['RISK_ASSESSMENT', 'MANUFACTURER', 'EXPERIENCE'] as const;
export const intervalBasisSchema = choice(INTERVAL_BASIS);
export type IntervalBasis = z.infer<typeof intervalBasisSchema>;

export const ADDRESSTYPE = ['MAIN', 'DELIVERY', 'INVOICE'] as const;
export const addressTypeSchema = choice(ADDRESSTYPE);
export type AddressType = z.infer<typeof addressTypeSchema>;

export const AGGREGATETYPE = ['GREASE', 'HYDRAULIC'] as const;
export const aggregateTypeSchema = choice(AGGREGATETYPE);
export type AggregateType = z.infer<typeof aggregateTypeSchema>;

export const CONSUMERTYPE = ['CYLINDER', 'MOTOR'] as const;
export const consumerTypeSchema = choice(CONSUMERTYPE);
export type ConsumerType = z.infer<typeof consumerTypeSchema>;

export const CONTROLUNITTYPE = ['ROW', 'SPECIAL'] as const;
export const controlUnitTypeSchema = choice(CONTROLUNITTYPE);
export type ControlUnitType = z.infer<typeof controlUnitTypeSchema>;

export const FILTERTYPE = ['OTHER', 'PRESSURE', 'RETURN', 'PERFORMANCE', 'SUCTION', 'AIR'] as const;
export const filterTypeSchema = choice(FILTERTYPE);
export type FilterType = z.infer<typeof filterTypeSchema>;

export const MEMORYTYPE = ['BLISTERS', 'PISTON', 'MEMBRANE'] as const;
export const memoryTypeSchema = choice(MEMORYTYPE);
export type MemoryType = z.infer<typeof memoryTypeSchema>;

export const PUMPUNITTYPE = [
  'OUTERGEAR',
  'VANECELLS',
  'INNERGEAR',
  'RADIALPISTON',
  'AXIALPISTON',
] as const;
export const pumpUnitTypeSchema = choice(PUMPUNITTYPE);
export type PumpUnitType = z.infer<typeof pumpUnitTypeSchema>;

export const ORDER_STATE = [
  'NEW',
  'APPROVAL_PENDING',
  'READY',
  'ORDER',
  'WORKSHOP',
  'ORDERED',
  'COMPLETE',
  'CANCELED',
] as const;
export const orderStateSchema = choice(ORDER_STATE);
export type OrderState = z.infer<typeof orderStateSchema>;

/** The steps that change an order's state (rules/order-states.ts), as its history names them. */
export const ORDER_ACTION = [
  'submit',
  'release',
  'decline',
  'mark',
  'ordered',
  'complete',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTION)[number];

/** docs/architecture.md: a line is bought in (ORDER) or made in our workshop (WORKSHOP). */
export const ORDER_LINE_KIND = ['ORDER', 'WORKSHOP'] as const;
export const orderLineKindSchema = choice(ORDER_LINE_KIND);
export type OrderLineKind = z.infer<typeof orderLineKindSchema>;

export const PRODUCTUNITTYPE = ['METER', 'PIECE'] as const;
export const productUnitTypeSchema = choice(PRODUCTUNITTYPE);
export type ProductUnitType = z.infer<typeof productUnitTypeSchema>;

export const INDUSTRY = ['HYDRAULIC'] as const;
export const industrySchema = choice(INDUSTRY);
export type Industry = z.infer<typeof industrySchema>;

/** docs/architecture.md: payment method is invoice only. */
export const PAYMENT_TYPE = ['INVOICE'] as const;
export const paymentTypeSchema = choice(PAYMENT_TYPE);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const FITTING_TYPE = [
  '24METRISCH',
  'FLANSCH',
  'FLACHDICHT',
  'BSP',
  'JIC',
  'JIS',
  'KOMATSU',
  'CUSTOM',
] as const;
export const fittingTypeSchema = choice(FITTING_TYPE);
export type FittingType = z.infer<typeof fittingTypeSchema>;

export const FITTING_SYSTEM = ['INTERLOCK', 'STANDARD'] as const;
export const fittingSystemSchema = choice(FITTING_SYSTEM);
export type FittingSystem = z.infer<typeof fittingSystemSchema>;

/** UI languages of docs/architecture.md (the user profile keeps one). */
export const LOCALE = ['de', 'en-gb', 'fr'] as const;
export const localeSchema = choice(LOCALE);
export type Locale = z.infer<typeof localeSchema>;

// List controls of docs/api.md: machine sorts and hose filters, shared by the screens and the
// query endpoint so that a filter value means the same on both sides.
export const MACHINE_SORT = ['name', 'maintenance', 'created'] as const;
export const SORT_ORDER = ['asc', 'desc'] as const;
export const HOSE_CATEGORY_FILTER = ['normal', 'critical'] as const;
export const HOSE_ACCESSORY_FILTER = ['rope', 'protection'] as const;
export const LAST_INSPECTION_FILTER = ['none', 'faulty', 'ok'] as const;
