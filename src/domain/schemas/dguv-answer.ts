import { z } from 'zod';
import { companyEntity } from './base';
import { commentField, fileRefList, idField, isoDateTimeField } from './fields';
import { pipeSchema } from './pipe';

// The plain values (no zod) live in ../dguv-values.ts, for code that needs no schema.
import { DGUV_FINDINGS, DGUV_OK, DGUV_RESULT } from '../dguv-values';
export { FIRST_USE_ITEMS, type FirstUseItem } from '../dguv-values';
export {
  DGUV_FINDINGS,
  DGUV_OK,
  DGUV_WARNING_FINDING,
  DGUV_MARKING_FINDING,
  DGUV_RESULT,
  type DguvFinding,
  type DguvResult,
} from '../dguv-values';

export const DGUV_ANSWER_VALUES = [DGUV_OK, ...DGUV_FINDINGS] as const;
export type DguvAnswerValue = (typeof DGUV_ANSWER_VALUES)[number];
export const dguvFindingSchema = z.enum(DGUV_FINDINGS, { error: 'dguv:selectAnswer' });
export const dguvAnswerValueSchema = z.enum(DGUV_ANSWER_VALUES, { error: 'dguv:selectAnswer' });

/**
 * The answer of a hose check: ['OK'] or one or more findings. docs/api.md asks for an answer
 * ('select an answer'); 'OK' beside a finding would contradict itself.
 */
export const dguvAnswerValuesSchema = z
  .array(dguvAnswerValueSchema, {
    error: 'dguv:selectAnswer',
  })
  .min(1, { error: 'dguv:selectAnswer' })
  .refine((values) => !values.includes(DGUV_OK) || values.length === 1, {
    error: 'dguv:okAlone',
  })
  .refine((values) => new Set(values).size === values.length, {
    error: 'dguv:duplicateFinding',
  });

const selectAnswer = () => z.boolean({ error: 'dguv:selectAnswer' });

/** The first-use checklist (points in ../dguv-values.ts FIRST_USE_ITEMS), each yes or no. */
const firstUseAnswer = () => z.boolean({ error: 'dguv:firstUseAnswerEach' });
export const firstUseChecklistSchema = z.object(
  {
    documents: firstUseAnswer(),
    assembly: firstUseAnswer(),
    marking: firstUseAnswer(),
    installation: firstUseAnswer(),
  },
  { error: 'dguv:firstUseAnswerEach' },
);
export type FirstUseChecklist = z.infer<typeof firstUseChecklistSchema>;

/**
 * DGUV answer / hose check (docs/api.md). Relations: `auditId` is SPEC's "dguv{id}", `pipeId` its
 * "hose". Checks are append-only (docs/sync.md): a correction or a second technician adds a row,
 * and the hose's result is the latest (audit startDate, then `performedAt`) — so each check
 * keeps its device time.
 * SPEC's "photo" is `photoIds` (file references), since a finding often needs several.
 */
const dguvAnswer = companyEntity({
  auditId: idField(),
  pipeId: idField(),
  answer: dguvAnswerValuesSchema,
  protectionRecommended: selectAnswer(),
  replaceHose: selectAnswer(),
  replaceHoseComment: commentField(),
  comment: commentField(),
  /**
   * Reasons the record asks for (docs/dguv-record.md "Reasons"; rules/dguv-reasons): the
   * documented extension behind "OK" for a hose past its service life or storage time, and
   * why a hose with a defect is kept ("replace hose" = no).
   */
  extensionReason: commentField(),
  keepReason: commentField(),
  /** The first-use checklist, answered in an audit "before first use"; null otherwise. */
  firstUseChecklist: firstUseChecklistSchema.nullable().default(null),
  photoIds: fileRefList(),
  performedAt: isoDateTimeField(),
});
export const dguvAnswerSchema = dguvAnswer.row;
export const dguvAnswerCreateSchema = dguvAnswer.create;
export const dguvAnswerUpdateSchema = dguvAnswer.update;
export type DguvAnswer = z.infer<typeof dguvAnswerSchema>;
export type DguvAnswerCreate = z.infer<typeof dguvAnswerCreateSchema>;
export type DguvAnswerUpdate = z.infer<typeof dguvAnswerUpdateSchema>;

/**
 * A hose as lists and the shop show it (docs/api.md "last DGUV result", docs/api.md "the latest
 * dguvReference is limited to 1, ordered by dguv.startDate descending"): the stored row plus
 * at most its latest answer and that answer's classification (null: never checked).
 */
export const pipeWithLatestCheckSchema = pipeSchema.extend({
  dguvReference: z.array(dguvAnswerSchema).max(1),
  lastDguvResult: z.enum(DGUV_RESULT).nullable(),
});
export type PipeWithLatestCheck = z.infer<typeof pipeWithLatestCheckSchema>;
