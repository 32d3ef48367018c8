/** A hose's result in this audit as success / warning / error (docs/api.md), or "not checked". */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DguvResult } from '@domain/schemas/dguv-answer';

export const RESULT_COLOR: Record<DguvResult, string> = {
  success: 'green',
  warning: 'orange',
  error: 'red',
};

export function ResultBadge({ result }: { result: DguvResult | null }) {
  const { t } = useTranslation('dguv');
  if (!result) {
    return (
      <Badge color="gray" variant="light">
        {t('audit.notChecked')}
      </Badge>
    );
  }
  return (
    <Badge color={RESULT_COLOR[result]} variant="light">
      {t(`check.classification.${result}`)}
    </Badge>
  );
}
