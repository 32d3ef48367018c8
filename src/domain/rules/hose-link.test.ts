import { describe, expect, it } from 'vitest';
import { codeFromScan, hoseLink, hoseLinkPath } from './hose-link';

describe('hose links', () => {
  it('builds the link a label prints, the code percent-encoded', () => {
    expect(hoseLink('https://app.example.test/', 'HM-000123')).toBe(
      'https://app.example.test/h/HM-000123',
    );
    expect(hoseLinkPath(' SN/Halle 3 ')).toBe('/h/SN%2FHalle%203');
    expect(hoseLinkPath('ÄÖ-Ω')).toBe('/h/%C3%84%C3%96-%CE%A9');
  });

  it('reads the code back from a link of any host, or from its path', () => {
    expect(codeFromScan('https://app.example.test/h/HM-000123')).toBe('HM-000123');
    expect(codeFromScan('http://localhost:8101/h/HM-000123/')).toBe('HM-000123');
    expect(codeFromScan('  https://other.example/h/SN%2FHalle%203\n')).toBe('SN/Halle 3');
    expect(codeFromScan('/h/%C3%84%C3%96-%CE%A9')).toBe('ÄÖ-Ω');
    for (const code of ['HM-000123', 'SN/Halle 3', 'ÄÖ-Ω 7', 'a:b']) {
      expect(codeFromScan(hoseLink('https://x.test', code))).toBe(code);
    }
  });

  it('takes a bare code as it is (trimmed)', () => {
    expect(codeFromScan('HM-000123')).toBe('HM-000123');
    expect(codeFromScan('  hm-000123 ')).toBe('hm-000123');
    expect(codeFromScan('HM:7')).toBe('HM:7');
  });

  it('names no code for other links, empty, multi-line or overlong text', () => {
    expect(codeFromScan('https://example.com/')).toBeNull();
    expect(codeFromScan('https://example.com/h/')).toBeNull();
    expect(codeFromScan('https://example.com/h/a/b')).toBeNull();
    expect(codeFromScan('https://example.com/h/%E0%A4%A')).toBeNull();
    expect(codeFromScan('/machines/1')).toBeNull();
    expect(codeFromScan('   ')).toBeNull();
    expect(codeFromScan('line one\nline two')).toBeNull();
    expect(codeFromScan('X'.repeat(51))).toBeNull();
    expect(codeFromScan('X'.repeat(50))).toBe('X'.repeat(50));
  });
});
