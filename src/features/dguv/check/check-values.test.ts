import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../../components/forms/schema-form';
import { DGUV_WARNING_FINDING } from '../../../domain/schemas/dguv-answer';
import { checkSchema, initialCheckValues, nextAnswer, toCheckInput } from './check-values';

const t = ((key: string) => key) as never;

describe('hose check values', () => {
  it('asks for an answer on result, protection and replacement (docs/api.md)', () => {
    const errors = schemaErrors(checkSchema, toCheckInput(initialCheckValues(undefined, [])), t);
    expect(errors).toMatchObject({
      answer: 'dguv:selectAnswer',
      protectionRecommended: 'dguv:selectAnswer',
      replaceHose: 'dguv:selectAnswer',
    });
  });

  it('accepts a complete check and maps yes/no and empty comments', () => {
    const values = {
      ...initialCheckValues(undefined, []),
      answer: ['Undichte Stellen'],
      protectionRecommended: 'no' as const,
      replaceHose: 'yes' as const,
      replaceHoseComment: '  leaks at the fitting ',
    };
    const input = toCheckInput(values);
    expect(schemaErrors(checkSchema, input, t)).toEqual({});
    expect(input).toEqual({
      answer: ['Undichte Stellen'],
      protectionRecommended: false,
      replaceHose: true,
      replaceHoseComment: 'leaks at the fitting',
      comment: null,
    });
  });

  it('preselects finding 9 for a new check past the service life, not for a correction', () => {
    expect(initialCheckValues(undefined, [DGUV_WARNING_FINDING]).answer).toEqual([
      DGUV_WARNING_FINDING,
    ]);
  });

  it('keeps OK and findings apart', () => {
    expect(nextAnswer(['Verformungen'], ['Verformungen', 'OK'])).toEqual(['OK']);
    expect(nextAnswer(['OK'], ['OK', 'Verformungen'])).toEqual(['Verformungen']);
    expect(nextAnswer(['Verformungen'], ['Verformungen', 'Undichte Stellen'])).toEqual([
      'Verformungen',
      'Undichte Stellen',
    ]);
  });
});
