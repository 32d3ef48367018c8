/** Online/offline badge for the header; the text says it, not only the colour. */
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../lib/network/use-online-status';
import { CloudOffIcon } from './icons';

export function OnlineIndicator() {
  const { t } = useTranslation('shell');
  const online = useOnlineStatus();
  const badge = (
    <Badge
      color={online ? 'green' : 'gray'}
      variant={online ? 'light' : 'filled'}
      leftSection={online ? null : <CloudOffIcon size={12} />}
      role="status"
      aria-live="polite"
      data-testid="online-indicator"
      data-online={online}
    >
      {online ? t('network.online') : t('network.offline')}
    </Badge>
  );
  if (online) return badge;
  return (
    <Tooltip label={t('network.offlineHint')} multiline w={260}>
      {badge}
    </Tooltip>
  );
}
