/**
 * The header's sync status (docs/sync.md "the user always sees online/offline, pending count,
 * last sync, and problems"): online/offline, a spinner while syncing, the pending count, the
 * time of the last sync, a red problem count linking to Sync issues, and "waiting for sign-in".
 * A visually hidden live region announces changes of the summary to screen readers.
 */
import { Badge, Group, Loader, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { AlertIcon, CloudOffIcon } from '@components/icons';
import { useOnlineStatus } from '@lib/network/use-online-status';
import { useSyncStore } from '@sync';
import { formatRecent } from '@domain/format';
import { SYNC_ISSUES_PATH } from './paths';

export { SYNC_ISSUES_PATH };

export function SyncStatusIndicator() {
  const { t, i18n } = useTranslation('sync');
  const browserOnline = useOnlineStatus();
  const status = useSyncStore(
    useShallow((s) => ({
      online: s.online,
      syncing: s.syncing,
      pending: s.pending,
      problems: s.problems + s.blobsFailed,
      lastSyncAt: s.lastSyncAt,
      waitingForAuth: s.waitingForAuth,
    })),
  );
  // Offline when the browser says so; unreachable when it is online but the last request
  // could not reach the server (a time-out, a refused connection, a gateway error).
  const online = browserOnline && status.online;
  const unreachable = browserOnline && !status.online;
  // The header of a phone has room for a short word only (the full one is its label).
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const stateLabel = online
    ? t('indicator.online')
    : unreachable
      ? t('indicator.unreachable')
      : t('indicator.offline');
  const lastSync = status.lastSyncAt ? formatRecent(status.lastSyncAt, i18n.language) : null;
  const lastSyncText = lastSync
    ? t('indicator.lastSyncFull', { time: lastSync })
    : t('indicator.neverSynced');

  const summary = [
    stateLabel,
    status.pending > 0 ? t('indicator.pending', { count: status.pending }) : null,
    status.problems > 0 ? t('indicator.problems', { count: status.problems }) : null,
    status.waitingForAuth ? t('indicator.waitingForAuth') : null,
  ]
    .filter(Boolean)
    .join('. ');

  const onlineBadge = (
    <Badge
      color={online ? 'green' : unreachable ? 'orange' : 'gray'}
      variant={online ? 'light' : 'filled'}
      leftSection={online ? null : <CloudOffIcon size={12} />}
      data-testid="online-indicator"
      data-online={online}
      data-state={online ? 'online' : unreachable ? 'unreachable' : 'offline'}
      aria-label={stateLabel}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {unreachable && phone ? t('indicator.unreachableShort') : stateLabel}
    </Badge>
  );

  return (
    <Group
      gap={6}
      wrap="nowrap"
      aria-label={t('indicator.region')}
      role="group"
      style={{ flexShrink: 0 }}
    >
      <VisuallyHidden role="status" aria-live="polite" data-testid="sync-status-live">
        {summary}
      </VisuallyHidden>
      <Tooltip
        label={
          online
            ? lastSyncText
            : unreachable
              ? `${t('indicator.unreachableHint')} ${lastSyncText}`
              : t('indicator.offlineHint')
        }
        multiline
        w={260}
      >
        {onlineBadge}
      </Tooltip>
      {/* No spinner once the server is known not to answer: "unreachable" says it all. */}
      {status.syncing && online ? (
        // A span may carry a name only with a role (axe aria-prohibited-attr): an image of it.
        <Loader
          size="xs"
          role="img"
          aria-label={t('indicator.syncing')}
          data-testid="sync-spinner"
        />
      ) : null}
      {status.pending > 0 ? (
        <Tooltip label={t('indicator.pending', { count: status.pending })}>
          <Badge
            color="blue"
            variant="light"
            circle={status.pending < 10}
            aria-label={t('indicator.pending', { count: status.pending })}
            data-testid="sync-pending"
          >
            {status.pending}
          </Badge>
        </Tooltip>
      ) : null}
      {status.problems > 0 ? (
        <Badge
          component={Link}
          to={SYNC_ISSUES_PATH}
          color="red"
          variant="filled"
          leftSection={<AlertIcon size={12} />}
          style={{ cursor: 'pointer' }}
          aria-label={`${t('indicator.problems', { count: status.problems })} – ${t('indicator.problemsLink')}`}
          data-testid="sync-problems"
        >
          {status.problems}
        </Badge>
      ) : null}
      {status.waitingForAuth ? (
        <Tooltip label={t('indicator.waitingForAuthHint')} multiline w={260}>
          <Badge color="orange" variant="light" data-testid="sync-waiting-auth">
            {t('indicator.waitingForAuth')}
          </Badge>
        </Tooltip>
      ) : null}
      {lastSync ? (
        <Text size="xs" c="dimmed" visibleFrom="md" title={lastSyncText} data-testid="sync-last">
          {t('indicator.lastSync', { time: lastSync })}
        </Text>
      ) : null}
    </Group>
  );
}
