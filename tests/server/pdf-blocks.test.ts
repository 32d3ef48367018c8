import { describe, expect, it } from 'vitest';
import { heading, paragraph } from '@server/reports/pdf-blocks';
import { createDoc, pageBottom } from '@server/reports/pdf-document';

const pages = (doc: ReturnType<typeof createDoc>) => doc.bufferedPageRange().count;

describe('a section heading', () => {
  it('moves to the next page when what must follow it does not fit below it', () => {
    const doc = createDoc('t', 'a');
    doc.y = pageBottom(doc) - 120;
    heading(doc, 'Mängelbericht', 200);
    expect(pages(doc)).toBe(2);
    doc.end();
  });

  it('stays where it is when its first block fits, and a short follower does too', () => {
    const doc = createDoc('t', 'a');
    doc.y = pageBottom(doc) - 120;
    heading(doc, 'Mängelbericht', 60);
    paragraph(doc, 'Keine Mängel festgestellt.');
    expect(pages(doc)).toBe(1);
    doc.end();
  });
});
