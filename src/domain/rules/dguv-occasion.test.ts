import { describe, expect, it } from 'vitest';
import { dguvAuditCreateSchema } from '../schemas/dguv-audit';
import { AUDIT_OCCASION, OCCASION_EVENT } from '../schemas/enums';
import { normalizeOccasion, occasionIssues } from './dguv-occasion';

describe('the occasion of an audit', () => {
  it('offers first use, after repair, extraordinary and recurring; recurring by default', () => {
    expect(AUDIT_OCCASION).toEqual(['FIRST_USE', 'AFTER_REPAIR', 'EXTRAORDINARY', 'RECURRING']);
    expect(OCCASION_EVENT).toEqual(['ACCIDENT', 'COLLISION', 'OVERHEATING', 'LONG_IDLE', 'OTHER']);
    const audit = dguvAuditCreateSchema.parse({
      machineId: '0190a0a0-0000-7000-8000-000000000001',
      companyId: '0190a0a0-0000-7000-8000-000000000003',
      startDate: '2026-03-01 08:00:00',
      auditor: 'Tom',
      auditorUserId: 'tom',
      performedAt: '2026-03-01T08:00:00.000Z',
    });
    expect(audit.occasion).toBe('RECURRING');
    expect(audit.occasionEvent).toBeNull();
    expect(
      dguvAuditCreateSchema.safeParse({ ...audit, occasion: 'WHENEVER' }).error?.issues[0]?.message,
    ).toBe('validation:required');
  });

  it('needs the event of an extraordinary audit, and words for "other"', () => {
    const none = { occasionEvent: null, occasionNote: null };
    expect(occasionIssues({ occasion: 'RECURRING', ...none })).toEqual([]);
    expect(occasionIssues({ occasion: 'AFTER_REPAIR', ...none })).toEqual([]);
    expect(occasionIssues({ occasion: 'EXTRAORDINARY', ...none })).toEqual([
      { field: 'occasionEvent', message: 'dguv:occasionEventRequired' },
    ]);
    expect(
      occasionIssues({ occasion: 'EXTRAORDINARY', occasionEvent: 'COLLISION', occasionNote: null }),
    ).toEqual([]);
    expect(
      occasionIssues({ occasion: 'EXTRAORDINARY', occasionEvent: 'OTHER', occasionNote: ' ' }),
    ).toEqual([{ field: 'occasionNote', message: 'dguv:occasionNoteRequired' }]);
    expect(
      occasionIssues({ occasion: 'EXTRAORDINARY', occasionEvent: 'OTHER', occasionNote: 'Brand' }),
    ).toEqual([]);
  });

  it('keeps the event and note only where they mean something', () => {
    expect(
      normalizeOccasion({ occasion: 'AFTER_REPAIR', occasionEvent: 'OTHER', occasionNote: 'x' }),
    ).toEqual({ occasion: 'AFTER_REPAIR', occasionEvent: null, occasionNote: null });
    expect(
      normalizeOccasion({
        occasion: 'EXTRAORDINARY',
        occasionEvent: 'ACCIDENT',
        occasionNote: 'x',
      }),
    ).toEqual({ occasion: 'EXTRAORDINARY', occasionEvent: 'ACCIDENT', occasionNote: null });
    expect(
      normalizeOccasion({
        occasion: 'EXTRAORDINARY',
        occasionEvent: 'OTHER',
        occasionNote: ' Brand ',
      }),
    ).toEqual({ occasion: 'EXTRAORDINARY', occasionEvent: 'OTHER', occasionNote: 'Brand' });
  });
});
