import { describe, expect, it } from 'vitest';
import { deliveryNoteIssue, MAX_UPLOAD_BYTES, trackingLinkIssue } from './uploads';
import { orderUpdateSchema } from '../schemas/order';

describe('delivery note', () => {
  it('takes a PDF, JPG or PNG up to the upload limit', () => {
    expect(deliveryNoteIssue({ type: 'application/pdf', size: 1000 })).toBeNull();
    expect(deliveryNoteIssue({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
  });
  it('says why a file is refused', () => {
    expect(deliveryNoteIssue({ type: 'application/msword', size: 10 })).toBe('validation:fileType');
    expect(deliveryNoteIssue({ type: 'application/pdf', size: 0 })).toBe('validation:fileEmpty');
    expect(deliveryNoteIssue({ type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'validation:fileSize',
    );
  });
});

describe('tracking link', () => {
  it('takes a web address', () => {
    expect(trackingLinkIssue('https://tracking.example/123')).toBeNull();
    expect(trackingLinkIssue('http://dhl.de/x?y=1')).toBeNull();
  });
  it('says a wrong scheme apart from no address at all', () => {
    expect(trackingLinkIssue('ftp://tracking.example/1')).toBe('validation:urlScheme');
    expect(trackingLinkIssue('javascript:alert(1)')).toBe('validation:urlScheme');
    expect(trackingLinkIssue('tracking.example/123')).toBe('validation:urlFormat');
    expect(trackingLinkIssue('https://')).toBe('validation:urlFormat');
  });
  it('is the order schema rule, on the server too', () => {
    const issues = orderUpdateSchema.safeParse({ trackingLink: 'ftp://x.example/1' }).error?.issues;
    expect(issues?.map((i) => i.message)).toEqual(['validation:urlScheme']);
    expect(orderUpdateSchema.safeParse({ trackingLink: 'https://x.example/1' }).success).toBe(true);
  });
});
