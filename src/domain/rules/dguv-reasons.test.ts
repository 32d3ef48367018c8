import { describe, expect, it } from 'vitest';
import { dguvAnswerCreateSchema } from '../schemas/dguv-answer';
import {
  checkContext,
  checkReasonIssues,
  hasDefect,
  isChecklistAnswered,
  pastLifeOrStorage,
  presetReplaceHose,
  reasonsNeeded,
  type CheckReasonsInput,
} from './dguv-reasons';

const OK = ['OK'];
const F9 = ['Lagerzeiten und Verwendungsdauer überschritten'];
const LEAK = ['Undichte Stellen'];
const ALL_YES = { documents: true, assembly: true, marking: true, installation: false };

const check = (extra: Partial<CheckReasonsInput>): CheckReasonsInput => ({
  answer: OK,
  replaceHose: false,
  extensionReason: null,
  keepReason: null,
  comment: null,
  firstUseChecklist: null,
  ...extra,
});
const recurring = {
  pastLifeOrStorage: false,
  occasion: 'RECURRING' as const,
  productionDateUnknown: false,
};
const pastLife = {
  pastLifeOrStorage: true,
  occasion: 'RECURRING' as const,
  productionDateUnknown: false,
};

describe('past service life or storage time', () => {
  it('is the service-life limit counted from production on the audit date', () => {
    const hose = { productionDate: '2018-03-01', isCritical: false };
    expect(pastLifeOrStorage(hose, '2024-02-29 10:00:00')).toBe(false);
    expect(pastLifeOrStorage(hose, '2024-03-01 10:00:00')).toBe(true);
    expect(
      pastLifeOrStorage({ productionDate: '2024-01-01', isCritical: true }, '2026-01-01'),
    ).toBe(true);

    // Stored more than two years before installation: past its storage time, though young.
    const stored = {
      productionDate: '2020-01-01',
      installationDate: '2022-03-01',
      isCritical: false,
    };
    expect(pastLifeOrStorage(stored, '2022-06-01')).toBe(true);
    expect(pastLifeOrStorage({ ...stored, installationDate: '2021-06-01' }, '2022-06-01')).toBe(
      false,
    );
  });
});

describe('OK past the service life needs the documented extension', () => {
  it('is refused without a written justification', () => {
    expect(checkReasonIssues(check({ answer: OK }), pastLife)).toEqual([
      { field: 'extensionReason', message: 'dguv:extensionRequired' },
    ]);
    expect(checkReasonIssues(check({ answer: OK, extensionReason: '   ' }), pastLife)).toHaveLength(
      1,
    );
  });

  it('stands with one', () => {
    const justified = check({ extensionReason: 'Gefährdungsbeurteilung GB-12 vom 2026-01-05' });
    expect(checkReasonIssues(justified, pastLife)).toEqual([]);
  });

  it('is not asked within the service life, nor for finding 9 kept as found', () => {
    expect(checkReasonIssues(check({ answer: OK }), recurring)).toEqual([]);
    expect(reasonsNeeded(check({ answer: F9, replaceHose: true }), pastLife).extension).toBe(false);
  });
});

describe('a defect presets "replace hose" = yes, and "no" needs a reason', () => {
  it('knows a defect: any finding but 9 alone', () => {
    expect(hasDefect(LEAK)).toBe(true);
    expect(hasDefect([...F9, ...LEAK])).toBe(true);
    expect(hasDefect(F9)).toBe(false);
    expect(hasDefect(OK)).toBe(false);
    expect(hasDefect([])).toBe(false);
  });

  it('presets yes when the findings become a defect, and leaves the choice alone after', () => {
    expect(presetReplaceHose(OK, LEAK, 'no', 'yes')).toBe('yes');
    expect(presetReplaceHose([], LEAK, '', 'yes')).toBe('yes');
    expect(presetReplaceHose(F9, [...F9, ...LEAK], '', 'yes')).toBe('yes');
    // Already a defect: the inspector's "no" stays when another finding is added.
    expect(presetReplaceHose(LEAK, [...LEAK, ...F9], 'no', 'yes')).toBe('no');
    expect(presetReplaceHose([], OK, '', 'yes')).toBe('');
    expect(presetReplaceHose([], F9, '', 'yes')).toBe('');
  });

  it('refuses "no" for a defect without a reason', () => {
    expect(checkReasonIssues(check({ answer: LEAK, replaceHose: false }), recurring)).toEqual([
      { field: 'keepReason', message: 'dguv:keepRequired' },
    ]);
    const kept = check({ answer: LEAK, replaceHose: false, keepReason: 'Tausch beim Stillstand' });
    expect(checkReasonIssues(kept, recurring)).toEqual([]);
    expect(checkReasonIssues(check({ answer: LEAK, replaceHose: true }), recurring)).toEqual([]);
    expect(checkReasonIssues(check({ answer: F9, replaceHose: false }), recurring)).toEqual([]);
  });
});

describe('the first-use checklist', () => {
  const firstUse = {
    pastLifeOrStorage: false,
    occasion: 'FIRST_USE' as const,
    productionDateUnknown: false,
  };

  it('is required in an audit before first use, every point answered', () => {
    expect(checkReasonIssues(check({}), firstUse)).toEqual([
      { field: 'firstUseChecklist', message: 'dguv:firstUseAnswerEach' },
    ]);
    const partly = { documents: true, assembly: true, marking: true };
    expect(checkReasonIssues(check({ firstUseChecklist: partly }), firstUse)).toHaveLength(1);
    expect(checkReasonIssues(check({ firstUseChecklist: ALL_YES }), firstUse)).toEqual([]);
    expect(isChecklistAnswered(ALL_YES)).toBe(true);
  });

  it('is not asked otherwise', () => {
    expect(checkReasonIssues(check({}), recurring)).toEqual([]);
  });

  it('is stored on the check as four yes/no answers', () => {
    const base = {
      auditId: '0190a0a0-0000-7000-8000-000000000001',
      pipeId: '0190a0a0-0000-7000-8000-000000000002',
      companyId: '0190a0a0-0000-7000-8000-000000000003',
      answer: OK,
      protectionRecommended: false,
      replaceHose: false,
      performedAt: '2026-03-01T08:00:00.000Z',
    };
    const parsed = dguvAnswerCreateSchema.parse({ ...base, firstUseChecklist: ALL_YES });
    expect(parsed.firstUseChecklist).toEqual(ALL_YES);
    expect(parsed.extensionReason).toBeNull();
    const bad = dguvAnswerCreateSchema.safeParse({
      ...base,
      firstUseChecklist: { ...ALL_YES, marking: 'ja' },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('dguv:firstUseAnswerEach');
  });
});

describe('a hose without a production date needs the comment on how its age was judged', () => {
  const unknown = checkContext(
    { productionDate: null, isCritical: false },
    { startDate: '2026-11-20 09:00:00', occasion: 'RECURRING' },
  );

  it('is refused without a comment, whatever the findings', () => {
    expect(unknown.productionDateUnknown).toBe(true);
    expect(checkReasonIssues(check({ answer: OK }), unknown)).toEqual([
      { field: 'comment', message: 'dguv:commentRequired' },
    ]);
    expect(
      checkReasonIssues(check({ answer: LEAK, replaceHose: true, comment: ' ' }), unknown),
    ).toEqual([{ field: 'comment', message: 'dguv:commentRequired' }]);
  });

  it('stands with a comment, and a hose with a date needs none', () => {
    expect(checkReasonIssues(check({ comment: 'Aufdruck 3Q21 gelesen' }), unknown)).toEqual([]);
    const dated = checkContext(
      { productionDate: '2025-01-01', isCritical: false },
      { startDate: '2026-11-20 09:00:00', occasion: null },
    );
    expect(dated).toEqual({
      pastLifeOrStorage: false,
      occasion: 'RECURRING',
      productionDateUnknown: false,
    });
    expect(checkReasonIssues(check({}), dated)).toEqual([]);
    // A hose no longer visible has no age to judge.
    expect(checkContext(null, { startDate: '2026-11-20', occasion: 'RECURRING' })).toMatchObject({
      productionDateUnknown: false,
    });
  });
});
