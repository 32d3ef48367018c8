/**
 * "Calendar subscription" on `/profile`: the user makes an iCalendar link
 * to one customer's next DGUV inspections (staff choose the customer, a customer user gets
 * their own), sees it once with a copy button, and lists and revokes their live links. The
 * server keeps only the token's hash, so a lost link is replaced, never shown again. Online.
 */
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { snack } from '@components/snacks';
import { useCompanies } from '@db/hooks';
import { formatMoment } from '@domain/format';
import type { FeedToken, FeedTokenCreated } from '@domain/schemas/calendar';
import { toLanguage } from '@lib/i18n';
import { useAuthStore } from '@lib/auth';
import { useOnlineStatus } from '@lib/network/use-online-status';
import { createFeedLink, fetchFeedLinks, revokeFeedLink } from './data/calendar-api';

/** The user's live links: undefined while loading, null when they could not be read. */
function useFeedLinks(online: boolean) {
  const [links, setLinks] = useState<FeedToken[] | null | undefined>(undefined);
  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      setLinks(await fetchFeedLinks(signal));
    } catch {
      if (!signal?.aborted) setLinks(null);
    }
  }, []);
  useEffect(() => {
    if (!online) return undefined;
    const abort = new AbortController();
    void reload(abort.signal);
    return () => abort.abort();
  }, [online, reload]);
  return { links, reload };
}

export function CalendarFeedCard() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const online = useOnlineStatus();
  const ownCustomer = useAuthStore((s) => s.user?.customer ?? null);
  const companies = useCompanies();
  const { links, reload } = useFeedLinks(online);
  const [chosen, setChosen] = useState<string | null>(null);
  const [created, setCreated] = useState<FeedTokenCreated | null>(null);
  const [busy, setBusy] = useState(false);
  const customerId = ownCustomer ?? chosen;
  const options = useMemo(
    () => (companies ?? []).map((c) => ({ value: c.id, label: c.name })),
    [companies],
  );
  const customerName = (id: string) => companies?.find((c) => c.id === id)?.name ?? id;
  const moment = (value: string) => formatMoment(value, i18n.language);
  const existing = links?.find((l) => l.customerId === customerId);

  const create = async () => {
    if (!customerId) return;
    if (existing) {
      const ok = await confirm({
        title: t('calendar.replaceTitle'),
        message: t('calendar.replaceMessage', { customer: existing.customerName }),
        confirmText: t('calendar.replace'),
      });
      if (!ok) return;
    }
    setBusy(true);
    try {
      const locale = toLanguage(i18n.language) ?? 'de';
      setCreated(await createFeedLink({ customerId, locale }));
      await reload();
    } catch {
      snack({ text: t('calendar.failed'), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (link: FeedToken) => {
    const ok = await confirm({
      title: t('calendar.revokeTitle'),
      message: t('calendar.revokeMessage', { customer: link.customerName }),
      confirmText: t('calendar.revoke'),
      color: 'red',
    });
    if (!ok) return;
    try {
      await revokeFeedLink(link.id);
      if (created?.id === link.id) setCreated(null);
      snack({ text: t('calendar.revoked'), type: 'success' });
      await reload();
    } catch {
      snack({ text: t('calendar.failed'), type: 'error' });
    }
  };

  return (
    <Paper withBorder p="md" radius="md" maw={720} mt="md" data-testid="calendar-feed">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('calendar.title')}
        </Title>
        <Text size="sm">{t('calendar.intro')}</Text>
        {online ? null : (
          <Alert color="yellow" role="status">
            {t('calendar.offline')}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          {ownCustomer ? (
            <Text fw={600}>{customerName(ownCustomer)}</Text>
          ) : (
            <Select
              label={t('calendar.customer')}
              placeholder={t('calendar.customerPlaceholder')}
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              w={{ base: '100%', xs: 320 }}
              data-testid="calendar-customer"
            />
          )}
          <Button
            onClick={() => void create()}
            loading={busy}
            disabled={!online || !customerId || links === undefined}
            mih={44}
            data-testid="calendar-create"
          >
            {existing ? t('calendar.replace') : t('calendar.create')}
          </Button>
        </Group>
        {created ? <CreatedLink link={created} /> : null}
        <Title order={3} size="h5">
          {t('calendar.links')}
        </Title>
        {links === null ? (
          <Text c="red" size="sm">
            {t('calendar.loadFailed')}
          </Text>
        ) : links?.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('calendar.none')}
          </Text>
        ) : (
          (links ?? []).map((link) => (
            <Group
              key={link.id}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              data-testid="calendar-link"
            >
              <Stack gap={0}>
                <Text fw={600}>{link.customerName}</Text>
                <Text size="sm" c="dimmed">
                  {t('calendar.createdAt', { date: moment(link.createdAt) })} ·{' '}
                  {link.lastUsedAt
                    ? t('calendar.lastUsed', { date: moment(link.lastUsedAt) })
                    : t('calendar.neverUsed')}
                </Text>
              </Stack>
              <Button
                variant="light"
                color="red"
                mih={44}
                disabled={!online}
                onClick={() => void revoke(link)}
                data-testid="calendar-revoke"
              >
                {t('calendar.revoke')}
              </Button>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** The new link, shown this once, with its copy button. */
function CreatedLink({ link }: { link: FeedTokenCreated }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="blue" title={t('calendar.created', { customer: link.customerName })}>
      <Stack gap="xs">
        <Text size="sm">{t('calendar.onceNotice')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t('calendar.url')}
            value={link.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="calendar-url"
          />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button mih={36} variant={copied ? 'filled' : 'light'} onClick={copy}>
                {copied ? t('calendar.copied') : t('calendar.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
