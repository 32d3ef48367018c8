/**
 * `/admin/user` (has-admin-permission): the embedded provider's users, searched on the
 * server; create, edit roles and customer link, lock and unlock, one-time passwords and
 * deactivation. Online only (profiles are not synced). With a real Keycloak the list is
 * read-only and points to Keycloak's admin console.
 */
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { useCompanies } from '@db/hooks';
import type { ProfileView } from '@domain/schemas/admin';
import { useAuthStore } from '@lib/auth';
import { useApiMessage } from './data/api-message';
import { changeUser, deleteUser, reactivateUser } from './data/profile-api';
import { useProfiles } from './data/use-profiles';
import { OneTimePasswordModal } from './one-time-password-modal';
import { UserCard, displayName, type UserActions } from './user-card';
import { UserFormModal } from './user-form-modal';

export function UserListScreen() {
  const { t } = useTranslation(['admin', 'routes']);
  const apiMessage = useApiMessage();
  const selfId = useAuthStore((s) => s.user?.id ?? null);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [showDeactivated, setShowDeactivated] = useState(false);
  const { state, reload } = useProfiles(deferred, showDeactivated);
  const companies = useCompanies();
  const names = useMemo(() => new Map((companies ?? []).map((c) => [c.id, c.name])), [companies]);
  const [editing, setEditing] = useState<ProfileView | null | 'new'>(null);
  const [resetting, setResetting] = useState<ProfileView | null>(null);

  const embedded = state.status !== 'ready' || state.list.provider.embedded;
  const fail = (error: unknown) => snack({ text: apiMessage(error), type: 'error' });

  const actions: UserActions = {
    edit: (user) => setEditing(user),
    setPassword: (user) => setResetting(user),
    toggleLock: async (user) => {
      const name = displayName(user);
      if (!user.locked) {
        const ok = await confirm({
          title: t('users.lockTitle'),
          message: t('users.lockMessage', { name }),
          color: 'red',
          confirmText: t('users.lock'),
        });
        if (!ok) return;
      }
      try {
        await changeUser({ id: user.id, locked: !user.locked });
        snack({
          text: t(user.locked ? 'users.unlockedDone' : 'users.lockedDone', { name }),
          type: 'success',
        });
        reload();
      } catch (error) {
        fail(error);
      }
    },
    reactivate: async (user) => {
      const name = displayName(user);
      const ok = await confirm({
        title: t('users.reactivateTitle'),
        message: t('users.reactivateMessage', { name }),
        confirmText: t('users.reactivate'),
      });
      if (!ok) return;
      try {
        await reactivateUser(user.id);
        snack({ text: t('users.reactivated', { name }), type: 'success' });
        reload();
      } catch (error) {
        fail(error);
      }
    },
    remove: async (user) => {
      const name = displayName(user);
      const ok = await confirm({
        title: t('users.deleteTitle'),
        message: t('users.deleteMessage', { name }),
        color: 'red',
        confirmText: t('users.delete'),
      });
      if (!ok) return;
      try {
        await deleteUser(user.id);
        snack({ text: t('users.deleted', { name }), type: 'success' });
        reload();
      } catch (error) {
        fail(error);
      }
    },
  };

  return (
    <>
      <PageHeader
        title={t('routes:adminUsers')}
        subtitle={state.status === 'ready' ? t('users.count', { count: state.list.total }) : null}
        actions={
          embedded && state.status === 'ready' ? (
            <Button onClick={() => setEditing('new')} data-testid="user-create">
              {t('users.create')}
            </Button>
          ) : null
        }
      />
      {state.status === 'ready' && !state.list.provider.embedded ? (
        <Alert color="blue" mb="md" data-testid="users-keycloak">
          <Text size="sm">{t('users.keycloak')}</Text>
          {state.list.provider.adminConsoleUrl ? (
            <Anchor href={state.list.provider.adminConsoleUrl} target="_blank" rel="noreferrer">
              {t('users.keycloakLink')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      <Group mb="md" align="flex-end" gap="lg">
        <TextInput
          type="search"
          label={t('users.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 420 }}
          data-testid="user-search"
        />
        {/* Deactivated users stay out of the list until asked for (to reactivate one). */}
        <Switch
          label={t('users.showDeactivated')}
          checked={showDeactivated}
          onChange={(e) => setShowDeactivated(e.currentTarget.checked)}
          mih={44}
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
          data-testid="users-show-deactivated"
        />
      </Group>
      {state.status === 'offline' ? (
        <Alert color="yellow" role="status" data-testid="users-offline">
          {t('users.offline')}
        </Alert>
      ) : null}
      {state.status === 'loading' ? (
        <Center py="xl" role="status" aria-live="polite">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('users.loading')}
            </Text>
          </Stack>
        </Center>
      ) : null}
      {state.status === 'error' ? (
        <Alert color="red" role="alert" title={t('users.loadError')}>
          <Text size="sm" mb="xs">
            {apiMessage(state.error)}
          </Text>
          <Button size="xs" variant="default" onClick={reload}>
            {t('users.retry')}
          </Button>
        </Alert>
      ) : null}
      {state.status === 'ready' ? (
        state.list.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="empty-state">
            {t('users.empty')}
          </Text>
        ) : (
          <Stack gap="xs">
            {state.list.data.map((user) => (
              <UserCard
                key={user.id}
                user={user}
                isSelf={user.id === selfId}
                customerName={
                  user.customerId ? (names.get(user.customerId) ?? user.customerId) : null
                }
                actions={embedded ? actions : null}
              />
            ))}
          </Stack>
        )
      ) : null}
      <UserFormModal
        opened={editing !== null}
        user={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          snack({ text: t('users.saved'), type: 'success' });
          reload();
        }}
      />
      <OneTimePasswordModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSaved={(user) => {
          setResetting(null);
          snack({ text: t('users.passwordSet', { name: displayName(user) }), type: 'success' });
          reload();
        }}
      />
    </>
  );
}
