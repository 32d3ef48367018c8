/**
 * Seeding for the DGUV report test: hoses on the world's machine, audits, hose checks and the
 * finishing signature — through the CMS endpoints, as the app's calls would make them.
 */
import { uuidv7 } from '@domain/ids';
import { cms, type Actor } from '../helpers/cms';
import { tinyPng } from '../helpers/files';
import type { TestServer } from '../helpers/server';
import { ok, upload, type ReportWorld } from './reports-fixture';

/** Hose codes; the 60th has the longest prefix (10) and must still print whole. */
export const code = (i: number) =>
  i === 59 ? 'HYDRAULIK1-000060' : `SN-${String(i + 1).padStart(5, '0')}`;

export async function seedHoses(w: ReportWorld, count: number): Promise<string[]> {
  const pipes = Array.from({ length: count }, () => uuidv7());
  for (const [i, id] of pipes.entries()) {
    await ok(
      w.staff.create('machinepart/hosepipe', {
        id,
        companyId: w.company,
        machineId: w.machine,
        position: i + 1,
        code: code(i),
        isCritical: i % 7 === 0,
        dn: 12,
        maxPn: 350,
        length: 1200 + i,
        productionDate: '2024-03-01',
      }),
    );
  }
  return pipes;
}

export function dguvSeeder(s: TestServer, w: ReportWorld, pipes: string[]) {
  return {
    async audit(who: Actor, id: string, locale: string, auditor: string) {
      await ok(
        cms(s, who).create('audit/dguv', {
          id,
          companyId: w.company,
          machineId: w.machine,
          startDate: '2026-11-20 09:30:00',
          auditor,
          auditorUserId: 'x',
          performedAt: new Date().toISOString(),
          locale,
        }),
      );
    },
    /** A check of hose `i`; findings get a comment and a replacement note. */
    async check(who: Actor, auditId: string, i: number, answer: string[], at: string) {
      const id = uuidv7();
      const bad = answer[0] !== 'OK';
      await ok(
        cms(s, who).create('audit/dguvhosepipeanswer', {
          id,
          companyId: w.company,
          auditId,
          pipeId: pipes[i],
          answer,
          protectionRecommended: i % 2 === 0,
          replaceHose: bad,
          comment: bad ? `Befund an ${code(i)}` : null,
          replaceHoseComment: bad ? 'Vor nächster Schicht tauschen' : null,
          // A critical hose (every 7th) is past its two years: OK needs its documented extension.
          extensionReason: !bad && i % 7 === 0 ? 'Gefährdungsbeurteilung GB-7 liegt vor' : null,
          performedAt: at,
        }),
      );
      return id;
    },
    /** Signs (a PNG signature row) and finishes the audit: COMPLETE. */
    async finish(who: Actor, auditId: string, auditor: string) {
      const signature = uuidv7();
      const content = uuidv7();
      await ok(
        cms(s, who).create('audit/signature', {
          id: signature,
          companyId: w.company,
          auditor,
          name: 'audit-signature.png',
          referenceDate: '2026-11-20T10:00:00.000Z',
          content,
        }),
      );
      await upload(s, who, 'audit/signature', signature, {
        bytes: tinyPng(),
        name: 'audit-signature.png',
        type: 'image/png',
        id: content,
      });
      await ok(
        cms(s, who).patch('audit/dguv', auditId, { state: 'COMPLETE', signatureId: signature }),
      );
    },
  };
}
