/**
 * About 200 demo hose assemblies over the machines: realistic DN/PN from the catalogue, every
 * fitting type, protection and ropes on some, production dates up to eight years back (so some
 * are past their service life), codes '<prefix>-000001…' and positions 1..n per machine.
 */
import { formatHoseCode } from '@domain/rules/hose-code';
import { FITTING_TYPE } from '@domain/schemas/enums';
import type { Fitting } from '@domain/schemas/pipe';
import type { DemoMachine } from './demo-machines';
import type { HoseSpec } from './demo-products';
import { daysBefore, type DemoIds, type DemoRandom } from './demo-random';
import type { DemoRow, DemoRows } from './demo-rows';

export const DEMO_PIPE_TOTAL = 204;

const TWISTS = [0, 0, 0, 0, 45, 90, 90, 180] as const;
const COMMENTS = [
  'Schlauch scheuert an Rahmen, Schelle setzen',
  'Verlegung mit engem Biegeradius',
  'Nach Reparatur 2023 neu verpresst',
] as const;

/** Hoses per machine: 12–20 each, topped up round-robin to the demo total. */
function hoseCounts(rnd: DemoRandom, machines: number): number[] {
  const counts = Array.from({ length: machines }, () => rnd.int(12, 18));
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < DEMO_PIPE_TOTAL; i++) {
    counts[i % machines] = (counts[i % machines] ?? 0) + 1;
  }
  return counts;
}

export function addPipes(
  rows: DemoRows,
  ids: DemoIds,
  rnd: DemoRandom,
  machines: readonly DemoMachine[],
  hoses: readonly HoseSpec[],
  prefix: string,
  today: string,
): Array<DemoRow<'pipe'>> {
  const pipes: Array<DemoRow<'pipe'>> = [];
  const counts = hoseCounts(rnd, machines.length);
  let running = 0;
  machines.forEach((machine, m) => {
    for (let position = 1; position <= (counts[m] ?? 0); position++) {
      running += 1;
      const spec = rnd.pick(hoses);
      const fitting = (n: number): Fitting => ({
        // Round-robin over the first hoses, so every fitting type surely occurs.
        type:
          running <= FITTING_TYPE.length
            ? (FITTING_TYPE[(running + n) % 8] ?? 'BSP')
            : rnd.pick(FITTING_TYPE),
        twistAngle: n === 0 ? 0 : rnd.pick(TWISTS),
        socket: `Pressfassung ${spec.hoseType}-${spec.dn}`,
      });
      const isCritical = rnd.chance(0.2);
      // The first machine's second hose is old for sure: the approved audit shows finding 9.
      const age = m === 0 && position === 2 ? 2600 : rnd.int(30, isCritical ? 900 : 2600);
      pipes.push(
        rows.add('pipe', {
          id: ids.next('pipe'),
          companyId: machine.companyId,
          machineId: machine.id,
          position,
          code: formatHoseCode(prefix, running),
          isCritical,
          maxPn: spec.maxPn,
          dn: spec.dn,
          hoseType: spec.hoseType,
          length: rnd.int(6, 60) * 50,
          fittingSystem: spec.hoseType.startsWith('4S') ? 'INTERLOCK' : 'STANDARD',
          fittingLeft: fitting(0),
          fittingRight: fitting(3),
          withProtection: rnd.chance(0.25),
          withRope: isCritical && rnd.chance(0.6),
          productionDate: daysBefore(today, age),
          comment: rnd.chance(0.08) ? rnd.pick(COMMENTS) : null,
          // Some hoses were configured from the catalogue; the others are matched by DN/PN.
          productId: rnd.chance(0.4) ? spec.productId : null,
        }),
      );
    }
  });
  return pipes;
}
