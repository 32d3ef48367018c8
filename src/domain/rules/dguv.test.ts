import { describe, expect, it } from 'vitest';
import { DGUV_FINDINGS, DGUV_WARNING_FINDING } from '../schemas/dguv-answer';
import {
  changeIntervalObserved,
  classifyAnswer,
  computeDguvStats,
  latestCheckByPipe,
  worseResult,
  type StatsPipe,
} from './dguv';

const WARNING = 'Lagerzeiten und Verwendungsdauer überschritten';
const LEAK = 'Undichte Stellen';

describe('classifyAnswer (SPEC §4)', () => {
  it("'OK' is success, as text or list", () => {
    expect(classifyAnswer('OK')).toBe('success');
    expect(classifyAnswer(['OK'])).toBe('success');
  });

  it('the exceeded-life finding alone is a warning', () => {
    expect(DGUV_WARNING_FINDING).toBe(WARNING);
    expect(classifyAnswer(WARNING)).toBe('warning');
    expect(classifyAnswer([WARNING])).toBe('warning');
  });

  it('every other finding is an error, alone or beside the warning', () => {
    for (const finding of DGUV_FINDINGS.filter((f) => f !== WARNING)) {
      expect(classifyAnswer([finding])).toBe('error');
      expect(classifyAnswer([WARNING, finding])).toBe('error');
    }
  });

  it('unknown, empty and contradictory answers count as errors', () => {
    expect(classifyAnswer('something else')).toBe('error');
    expect(classifyAnswer([])).toBe('error');
    expect(classifyAnswer(['OK', WARNING])).toBe('error');
    expect(classifyAnswer('ok')).toBe('error');
  });

  it('ranks results', () => {
    expect(worseResult('success', 'warning')).toBe('warning');
    expect(worseResult('error', 'warning')).toBe('error');
  });
});

describe('changeIntervalObserved (SPEC §4)', () => {
  it('is true without the warning', () => {
    expect(changeIntervalObserved([])).toBe(true);
    expect(changeIntervalObserved([['OK'], [LEAK], 'OK'])).toBe(true);
  });

  it('is false when any answer contains the warning, alone or with others', () => {
    expect(changeIntervalObserved([['OK'], [WARNING]])).toBe(false);
    expect(changeIntervalObserved([[LEAK, WARNING]])).toBe(false);
    expect(changeIntervalObserved([WARNING])).toBe(false);
  });
});

describe('latestCheckByPipe', () => {
  it('keeps the latest check per hose and the worse one on a tie', () => {
    const latest = latestCheckByPipe([
      { pipeId: 'a', answer: [LEAK], checkedAt: '2024-01-01 10:00:00' },
      { pipeId: 'a', answer: ['OK'], checkedAt: '2024-06-01 10:00:00' },
      { pipeId: 'b', answer: [LEAK], checkedAt: '2024-06-01 10:00:00' },
      { pipeId: 'b', answer: ['OK'], checkedAt: '2024-06-01 10:00:00' },
    ]);
    expect(latest.get('a')?.answer).toEqual(['OK']);
    expect(latest.get('b')?.answer).toEqual([LEAK]);
  });
});

describe('computeDguvStats (DESIGN §5)', () => {
  const pipe = (id: string, isCritical = false, deletedAt: string | null = null): StatsPipe => ({
    id,
    isCritical,
    machineId: 'm1',
    deletedAt,
  });
  const intervals = { dguvInterval: 'YEAR', dguvIntervalCritical: 'HALFYEAR' } as const;

  it('counts all live hoses, checks within interval and results of latest checks', () => {
    const pipes = [
      pipe('ok'),
      pipe('warn'),
      pipe('err'),
      pipe('old'),
      pipe('critical-old', true),
      pipe('never'),
      pipe('deleted', false, '2024-01-01T00:00:00Z'),
    ];
    const checks = new Map([
      ['ok', { answer: ['OK'], checkedAt: '2024-03-01' }],
      ['warn', { answer: [WARNING], checkedAt: '2024-03-01' }],
      ['err', { answer: [LEAK], checkedAt: '2024-03-01' }],
      ['old', { answer: ['OK'], checkedAt: '2023-01-01' }],
      ['critical-old', { answer: ['OK'], checkedAt: '2023-10-01' }],
      ['deleted', { answer: [LEAK], checkedAt: '2024-03-01' }],
    ]);
    expect(computeDguvStats(pipes, checks, '2024-06-01T12:00:00Z', intervals)).toEqual({
      totelPipes: 6,
      checkedPipes: 3,
      successPipes: 3,
      warningPipes: 1,
      errorPipes: 1,
    });
  });

  it('is still checked on the due day and uses per-machine intervals when given a lookup', () => {
    const checks = new Map([['p', { answer: ['OK'], checkedAt: '2024-01-31' }]]);
    const monthly = () => ({ dguvInterval: 'MONTH', dguvIntervalCritical: 'MONTH' }) as const;
    expect(computeDguvStats([pipe('p')], checks, '2024-02-29', monthly).checkedPipes).toBe(1);
    expect(computeDguvStats([pipe('p')], checks, '2024-03-01', monthly).checkedPipes).toBe(0);
  });

  it('gives zeros for no hoses', () => {
    expect(computeDguvStats([], new Map(), new Date(), intervals)).toEqual({
      totelPipes: 0,
      checkedPipes: 0,
      successPipes: 0,
      warningPipes: 0,
      errorPipes: 0,
    });
  });
});
