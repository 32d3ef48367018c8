import type { MessageKey } from '../messages';
import type { AuditOccasion, OccasionEvent } from '../schemas/enums';

/**
 * The occasion of an audit (docs/dguv-record.md "Occasion"): what the record states as the
 * reason it was made. An extraordinary audit names its event; "other" describes it in words.
 * One rule for the start screen and the server.
 */
export interface OccasionInput {
  occasion: AuditOccasion;
  occasionEvent: OccasionEvent | null | undefined;
  occasionNote: string | null | undefined;
}

export interface OccasionIssue {
  field: 'occasionEvent' | 'occasionNote';
  message: MessageKey;
}

export function occasionIssues(input: OccasionInput): OccasionIssue[] {
  if (input.occasion !== 'EXTRAORDINARY') return [];
  if (!input.occasionEvent) {
    return [{ field: 'occasionEvent', message: 'dguv:occasionEventRequired' }];
  }
  if (input.occasionEvent === 'OTHER' && !input.occasionNote?.trim()) {
    return [{ field: 'occasionNote', message: 'dguv:occasionNoteRequired' }];
  }
  return [];
}

/**
 * What is stored for an occasion: the event and its note only where they mean something (an
 * extraordinary audit; the note for OTHER), so a changed choice leaves nothing behind.
 */
export function normalizeOccasion(input: OccasionInput): {
  occasion: AuditOccasion;
  occasionEvent: OccasionEvent | null;
  occasionNote: string | null;
} {
  const extraordinary = input.occasion === 'EXTRAORDINARY';
  const event = extraordinary ? (input.occasionEvent ?? null) : null;
  return {
    occasion: input.occasion,
    occasionEvent: event,
    occasionNote: event === 'OTHER' ? input.occasionNote?.trim() || null : null,
  };
}
