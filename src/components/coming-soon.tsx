/** Placeholder for screens that later updates deliver: names the screen, promises nothing else. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { WrenchIcon } from './icons';
import { StatusPanel } from './status-panel';

export interface ComingSoonProps {
  /** The screen's translated name. */
  screen: string;
}

export function ComingSoon({ screen }: ComingSoonProps) {
  const { t } = useTranslation('common');
  return (
    <StatusPanel
      title={screen}
      icon={<WrenchIcon size={28} />}
      color="blue"
      message={t('comingSoon.message', { screen })}
    >
      <Badge variant="light">{t('comingSoon.badge')}</Badge>
    </StatusPanel>
  );
}

/** The placeholder for the current route, named by the deepest route title. */
export function RouteComingSoon() {
  const { t } = useTranslation('routes');
  const handles = useMatches().map((m) => m.handle as { title?: string } | undefined);
  const title = handles.reduce<string | undefined>((found, h) => h?.title ?? found, undefined);
  return <ComingSoon screen={title ? t(title as never) : ''} />;
}
