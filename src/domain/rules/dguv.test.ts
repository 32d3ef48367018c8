import { describe, expect, it } from 'vitest';
import { DGUV_FINDINGS, DGUV_WARNING_FINDING } from '../schemas/dguv-answer';
import { changeIntervalObserved, classifyAnswer, worseResult } from './dguv';

const WARNING = 'Lagerzeiten und Verwendungsdauer überschritten';
const LEAK = 'Undichte Stellen';

describe('classifyAnswer (docs/api.md)', () => {
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

describe('changeIntervalObserved (docs/api.md)', () => {
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
