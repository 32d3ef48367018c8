/**
 * Display texts of the stored DGUV answers (DESIGN §5: stored as the exact German strings,
 * shown translated): 'OK' → dguvReport:findings.OK, finding n (1..9) → dguvReport:findings.n.
 * An unknown text (an older answer) is shown as stored.
 */
import { useTranslation } from 'react-i18next';
import { DGUV_FINDINGS, DGUV_OK } from '../../../domain/schemas/dguv-answer';

type FindingKey = `findings.${'OK' | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;

export function findingKey(answer: string): FindingKey | null {
  if (answer === DGUV_OK) return 'findings.OK';
  const index = (DGUV_FINDINGS as readonly string[]).indexOf(answer);
  return index < 0 ? null : (`findings.${index + 1}` as FindingKey);
}

export function useFindingLabel(): (answer: string) => string {
  const { t } = useTranslation('dguvReport');
  return (answer) => {
    const key = findingKey(answer);
    return key ? t(key) : answer;
  };
}
