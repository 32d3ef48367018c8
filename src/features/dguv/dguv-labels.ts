/**
 * Labels the DGUV screens share: the machine's name and the display text of a stored answer
 * (docs/architecture.md: stored as the exact German strings, shown translated; an unknown text — an older
 * answer — is shown as stored).
 */
import { useTranslation } from 'react-i18next';
import { dguvAnswerKey } from '@lib/i18n/dguv-answer-key';
import type { MachineSummary } from '@db/machine-queries';

export function machineLabel(summary: Pick<MachineSummary, 'machine' | 'manufacturer'>) {
  const { machine } = summary;
  const name = [summary.manufacturer, machine.machineType].filter(Boolean).join(' ');
  return name ? `${name} · ${machine.internalId}` : machine.internalId;
}

export function useFindingLabel(): (answer: string) => string {
  const { t } = useTranslation('dguv');
  return (answer) => {
    const key = dguvAnswerKey(answer);
    return key ? t(key) : answer;
  };
}

/**
 * A stored answer as DGUV Regel 113-020 words it in full (`criteria.f1` … `criteria.f10`; 'OK'
 * and an unknown text as `useFindingLabel` gives them): the check screen and the report.
 */
export function useCriterionLabel(): (answer: string) => string {
  const { t } = useTranslation('dguv');
  const short = useFindingLabel();
  return (answer) => {
    const key = dguvAnswerKey(answer);
    return key && key !== 'answers.ok'
      ? t(
          `criteria.${key.slice('answers.'.length) as `f${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`}`,
        )
      : short(answer);
  };
}
