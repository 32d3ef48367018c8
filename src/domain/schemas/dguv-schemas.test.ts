import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dguvAnswerCreateSchema, dguvAnswerValuesSchema } from './dguv-answer';
import { dguvAuditCreateSchema } from './dguv-audit';

const uuid = (n: number) => `01936b2e-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Message keys by path, e.g. { 'answer': ['dguv:okAlone'] }. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    (out[issue.path.join('.')] ??= []).push(issue.message);
  }
  return out;
}

describe('DGUV hose check (docs/api.md)', () => {
  const check = {
    companyId: uuid(1),
    auditId: uuid(2),
    pipeId: uuid(3),
    answer: ['Undichte Stellen', 'Korrosion der Armatur'],
    protectionRecommended: true,
    replaceHose: true,
    performedAt: '2024-05-06T07:08:09Z',
  };

  it('accepts OK alone or one or more findings', () => {
    expect(dguvAnswerCreateSchema.parse(check).photoIds).toEqual([]);
    expect(dguvAnswerValuesSchema.parse(['OK'])).toEqual(['OK']);
  });

  it('asks to select an answer for result, protection and replacement', () => {
    const { answer: _a, protectionRecommended: _p, replaceHose: _r, ...rest } = check;
    expect(errors(dguvAnswerCreateSchema, rest)).toEqual({
      answer: ['dguv:selectAnswer'],
      protectionRecommended: ['dguv:selectAnswer'],
      replaceHose: ['dguv:selectAnswer'],
    });
    expect(errors(dguvAnswerValuesSchema, [])).toEqual({ '': ['dguv:selectAnswer'] });
  });

  it('refuses OK beside a finding, duplicates and unknown findings', () => {
    expect(errors(dguvAnswerValuesSchema, ['OK', 'Verformungen'])).toEqual({
      '': ['dguv:okAlone'],
    });
    expect(errors(dguvAnswerValuesSchema, ['Verformungen', 'Verformungen'])).toEqual({
      '': ['dguv:duplicateFinding'],
    });
    expect(errors(dguvAnswerValuesSchema, ['kaputt'])).toEqual({ '0': ['dguv:selectAnswer'] });
  });

  it('keeps the audit date format of docs/api.md', () => {
    const audit = {
      companyId: uuid(1),
      machineId: uuid(4),
      auditor: 'Tom',
      auditorUserId: 'techniker',
      performedAt: '2024-05-06T07:08:09Z',
    };
    const parsed = dguvAuditCreateSchema.parse({ ...audit, startDate: '2024-05-06 09:08:09' });
    expect(parsed).toMatchObject({ state: 'IN_PROGRESS', changeIntervalObserved: true });
    for (const startDate of ['2024-05-06T09:08:09', '2024-02-30 10:00:00', '2024-05-06 9:08:09']) {
      expect(errors(dguvAuditCreateSchema, { ...audit, startDate })).toEqual({
        startDate: ['validation:format'],
      });
    }
  });
});
