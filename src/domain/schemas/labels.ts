import { z } from 'zod';

/**
 * Hose labels: the printable formats and the request of the labels PDF, shared by
 * the server route and the app's print buttons.
 *
 * - `a4-3x8`: an A4 sheet of 3 × 8 labels of 70 × 37 mm without gaps (e.g. Avery Zweckform
 *   3474), 24 per page;
 * - `roll-62`: a 62 mm continuous roll of a label printer (e.g. Brother DK-22205), one label
 *   per page.
 */
export const LABEL_FORMATS = ['a4-3x8', 'roll-62'] as const;
export const labelFormatSchema = z.enum(LABEL_FORMATS);
export type LabelFormat = z.infer<typeof labelFormatSchema>;

/** At most this many hoses per request (a machine has a few dozen). */
export const MAX_LABELS = 1000;

/** `GET` the labels PDF of a machine's hoses. */
export const labelsPath = (machineId: string) =>
  `/api/reports/machine/${encodeURIComponent(machineId)}/labels.pdf`;

export interface LabelsRequest {
  format: LabelFormat;
  /** The hoses to print; empty: every live hose of the machine. */
  pipeIds: readonly string[];
  /** The app's language: the labels print in it. */
  lang: string;
}

/** The request's query string: `format`, `lang` and one `pipe` per chosen hose. */
export function labelsQuery(request: LabelsRequest): string {
  const params = new URLSearchParams({ format: request.format, lang: request.lang });
  for (const id of request.pipeIds) params.append('pipe', id);
  return params.toString();
}
