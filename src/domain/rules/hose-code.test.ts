import { describe, expect, it } from 'vitest';
import {
  codeUniquenessError,
  formatHoseCode,
  isCodeTaken,
  nextHoseCode,
  parseHoseCode,
  pipeCodePrefixSchema,
  validatePipeCodePrefix,
} from './hose-code';

const messages = (value: unknown) =>
  pipeCodePrefixSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('pipe code prefix (docs/api.md)', () => {
  it('accepts letters and digits up to 10 characters', () => {
    expect(validatePipeCodePrefix('SM')).toBeNull();
    expect(validatePipeCodePrefix('ABCDE12345')).toBeNull();
    expect(pipeCodePrefixSchema.parse('  SM1 ')).toBe('SM1');
  });

  it('stores the prefix in capitals, as codes are printed', () => {
    expect(pipeCodePrefixSchema.parse(' hm ')).toBe('HM');
  });

  it('reports one message key per problem', () => {
    expect(messages('')).toEqual(['validation:required']);
    expect(messages('   ')).toEqual(['validation:required']);
    expect(messages(undefined)).toEqual(['validation:required']);
    expect(messages('SM-')).toEqual(['settings:prefixHyphen']);
    expect(messages('S-M-TOO-LONG-PREFIX')).toEqual(['settings:prefixHyphen']);
    expect(messages('S M')).toEqual(['settings:prefixFormat']);
    expect(messages('SÄ')).toEqual(['settings:prefixFormat']);
    expect(messages('ABCDE123456')).toEqual(['validation:maxLength']);
  });
});

describe('hose codes', () => {
  it('formats prefix, hyphen and a six-digit running number', () => {
    expect(formatHoseCode('SM', 123)).toBe('SM-000123');
    expect(formatHoseCode('SM', 0)).toBe('SM-000000');
    expect(formatHoseCode('SM', 1234567)).toBe('SM-1234567');
    expect(() => formatHoseCode('SM', 1.5)).toThrow(RangeError);
    expect(() => formatHoseCode('SM', -1)).toThrow(RangeError);
  });

  it('parses generated codes and nothing else', () => {
    expect(parseHoseCode('SM-000123')).toEqual({ prefix: 'SM', number: 123 });
    expect(parseHoseCode(' ab1-7 ')).toEqual({ prefix: 'ab1', number: 7 });
    expect(parseHoseCode('SM000123')).toBeNull();
    expect(parseHoseCode('SM-12a')).toBeNull();
    expect(parseHoseCode('-000001')).toBeNull();
  });

  it('continues after the highest number of the same prefix', () => {
    expect(nextHoseCode('SM', [])).toBe('SM-000001');
    expect(nextHoseCode('SM', ['SM-000002', 'sm-000010', 'XY-000500', 'legacy', null])).toBe(
      'SM-000011',
    );
  });
});

describe('code uniqueness', () => {
  const rows = [
    { id: 'a', code: 'SM-000001' },
    { id: 'b', code: 'SM-000002', deletedAt: '2024-01-01T00:00:00Z' },
    { id: 'c', code: null },
  ];

  it('compares trimmed and case-insensitively', () => {
    expect(isCodeTaken(' sm-000001 ', rows)).toBe(true);
    expect(codeUniquenessError('SM-000001', rows)).toBe('pipes:codeExists');
  });

  it('ignores the edited hose, deleted hoses and empty input', () => {
    expect(isCodeTaken('SM-000001', rows, 'a')).toBe(false);
    expect(isCodeTaken('SM-000002', rows)).toBe(false);
    expect(isCodeTaken('  ', rows)).toBe(false);
    expect(codeUniquenessError('SM-000003', rows)).toBeNull();
  });
});
