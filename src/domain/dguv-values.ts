/** DGUV answer values without their zod schemas (schemas/dguv-answer.ts): rules and the first
 * screen's bundle use them without zod. */

/**
 * Replacement criteria of DGUV Regel 113-020 as DIN 20066 words them (docs/architecture.md), and
 * the missing or illegible marking (DIN 20066). Stored as
 * these exact German strings — reports and the server's classification compare them
 * verbatim — and translated only for display.
 */
export const DGUV_FINDINGS = [
  'Beschädigungen der Außenschicht bis zur Einlage',
  'Versprödung der Außenschicht',
  'Verformungen',
  'Undichte Stellen',
  'Beschädigung oder Deformation der Schlaucharmatur',
  'Herauswandern des Schlauches aus der Armatur',
  'Korrosion der Armatur',
  'Anforderungen an den Einbau nicht eingehalten',
  'Lagerzeiten und Verwendungsdauer überschritten',
  // Not in the rule's list of nine: DIN 20066 asks every assembly to carry its marking, and
  // without it the production date and pressure cannot be established (docs/dguv-record.md).
  'Kennzeichnung fehlt oder unleserlich',
] as const;
export type DguvFinding = (typeof DGUV_FINDINGS)[number];

/** Finding 9: the only one that is a warning rather than an error (docs/api.md). */
export const DGUV_WARNING_FINDING: DguvFinding = 'Lagerzeiten und Verwendungsdauer überschritten';
export const DGUV_OK = 'OK';

/** The finding a marking that cannot be read proposes ("Read marking" in a hose check). */
export const DGUV_MARKING_FINDING: DguvFinding = 'Kennzeichnung fehlt oder unleserlich';

/** Classification of an answer (docs/api.md), derived by rules/dguv, never stored. */
export const DGUV_RESULT = ['success', 'warning', 'error'] as const;
export type DguvResult = (typeof DGUV_RESULT)[number];

/**
 * The points of an inspection before first use (docs/dguv-record.md): the documents are there,
 * the assembly is as the hydraulic plan says, its marking is present and legible, and it is
 * installed right (bend radius, no torsion, no chafing, protection). Each is answered yes/no.
 */
export const FIRST_USE_ITEMS = ['documents', 'assembly', 'marking', 'installation'] as const;
export type FirstUseItem = (typeof FIRST_USE_ITEMS)[number];
