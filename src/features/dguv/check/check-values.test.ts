import { describe, expect, it } from 'vitest';
import { schemaErrors } from '@components/forms/schema-form';
import { DGUV_WARNING_FINDING } from '@domain/schemas/dguv-answer';
import {
  checkFieldRules,
  checkSchema,
  initialCheckValues,
  nextAnswer,
  toCheckInput,
} from './check-values';

const t = ((key: string) => key) as never;
const RECURRING = {
  pastLifeOrStorage: false,
  occasion: 'RECURRING' as const,
  productionDateUnknown: false,
};

describe('hose check values', () => {
  it('asks for an answer on result, protection and replacement (docs/api.md)', () => {
    const errors = schemaErrors(
      checkSchema,
      toCheckInput(initialCheckValues(undefined, []), RECURRING),
      t,
    );
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
    const input = toCheckInput(values, RECURRING);
    expect(schemaErrors(checkSchema, input, t)).toEqual({});
    expect(input).toEqual({
      answer: ['Undichte Stellen'],
      protectionRecommended: false,
      replaceHose: true,
      replaceHoseComment: 'leaks at the fitting',
      comment: null,
      extensionReason: null,
      keepReason: null,
      firstUseChecklist: null,
    });
  });

  it('asks for the reasons the rule needs, and stores only those', () => {
    const ok = { ...initialCheckValues(undefined, []), answer: ['OK'], extensionReason: ' GB-3 ' };
    const past = {
      pastLifeOrStorage: true,
      occasion: 'RECURRING' as const,
      productionDateUnknown: false,
    };
    expect(checkFieldRules({ ...ok, extensionReason: '' }, past)).toEqual({
      extensionReason: 'dguv:extensionRequired',
    });
    expect(toCheckInput(ok, past).extensionReason).toBe('GB-3');
    // Within the service life there is nothing to justify: nothing stale is stored.
    expect(toCheckInput(ok, RECURRING).extensionReason).toBeNull();

    const kept = { ...ok, answer: ['Undichte Stellen'], replaceHose: 'no' as const };
    expect(checkFieldRules(kept, RECURRING)).toEqual({ keepReason: 'dguv:keepRequired' });
    expect(toCheckInput({ ...kept, keepReason: 'Stillstand' }, RECURRING).keepReason).toBe(
      'Stillstand',
    );
  });

  it('maps the first-use checklist in an audit before first use', () => {
    const firstUse = {
      pastLifeOrStorage: false,
      occasion: 'FIRST_USE' as const,
      productionDateUnknown: false,
    };
    const values = { ...initialCheckValues(undefined, []), answer: ['OK'] };
    expect(checkFieldRules(values, firstUse)).toEqual({
      firstUseChecklist: 'dguv:firstUseAnswerEach',
    });
    const answered = {
      ...values,
      firstUse: { documents: 'yes', assembly: 'yes', marking: 'no', installation: 'yes' } as const,
    };
    expect(toCheckInput(answered, firstUse).firstUseChecklist).toEqual({
      documents: true,
      assembly: true,
      marking: false,
      installation: true,
    });
    expect(checkFieldRules(answered, firstUse)).toEqual({});
    expect(toCheckInput(answered, RECURRING).firstUseChecklist).toBeNull();
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
