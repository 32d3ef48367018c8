/** Labels the DGUV screens share: the machine's name and a finding's translation key. */
import { DGUV_FINDINGS, DGUV_OK } from '../../domain/schemas/dguv-answer';
import type { MachineSummary } from '../../db/machine-queries';

export function machineLabel(summary: Pick<MachineSummary, 'machine' | 'manufacturer'>) {
  const { machine } = summary;
  const name = [summary.manufacturer, machine.machineType].filter(Boolean).join(' ');
  return name ? `${name} · ${machine.internalId}` : machine.internalId;
}

/** `dguv:answers.ok` or `dguv:answers.f1` … `f9` (the stored German text is the value). */
type AnswerKey = `dguv:answers.${'ok' | `f${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`}`;

export function answerKey(value: string): AnswerKey {
  if (value === DGUV_OK) return 'dguv:answers.ok';
  const index = (DGUV_FINDINGS as readonly string[]).indexOf(value);
  return `dguv:answers.f${(index + 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;
}
