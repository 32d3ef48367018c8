/** One user in the list: names, roles, state badges and the actions an admin may take. */
import { Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@domain/schemas/admin';
import { ROLES } from '@domain/rules/permissions';

export interface UserActions {
  edit: (user: ProfileView) => void;
  setPassword: (user: ProfileView) => void;
  toggleLock: (user: ProfileView) => void;
  remove: (user: ProfileView) => void;
  reactivate: (user: ProfileView) => void;
}

export interface UserCardProps {
  user: ProfileView;
  isSelf: boolean;
  customerName: string | null;
  /** Null: accounts are managed elsewhere (Keycloak), nothing to do here. */
  actions: UserActions | null;
}

export const displayName = (u: Pick<ProfileView, 'firstName' | 'lastName' | 'username'>) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.username;

export function UserCard({ user, isSelf, customerName, actions }: UserCardProps) {
  const { t } = useTranslation('admin');
  const name = displayName(user);
  const deactivated = user.deletedAt !== null;
  const roleLabel = (role: string) =>
    (ROLES as readonly string[]).includes(role)
      ? t(`userForm.role.${role as (typeof ROLES)[number]}`)
      : role;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="user-row"
      data-username={user.username}
      data-deactivated={deactivated || undefined}
      bg={deactivated ? 'var(--mantine-color-gray-light)' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'break-word' }}>
              {name}
            </Text>
            {isSelf ? <Badge variant="light">{t('users.you')}</Badge> : null}
            {deactivated ? (
              <Badge color="gray" data-testid="user-deactivated">
                {t('users.deactivated')}
              </Badge>
            ) : null}
            {user.locked ? (
              <Badge color="red" data-testid="user-locked">
                {t('users.locked')}
              </Badge>
            ) : null}
            {user.mustChangePassword ? <Badge color="yellow">{t('users.mustChange')}</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {user.username}
            {user.email ? ` · ${user.email}` : ''}
          </Text>
          <Group gap={4} wrap="wrap">
            {user.roles.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('users.noRoles')}
              </Text>
            ) : (
              user.roles.map((r) => (
                <Badge key={r} variant="outline" size="sm">
                  {roleLabel(r)}
                </Badge>
              ))
            )}
          </Group>
          {customerName ? (
            <Text size="sm">{t('users.customer', { name: customerName })}</Text>
          ) : null}
        </Stack>
        {actions && deactivated ? (
          <Button
            variant="default"
            mih={44}
            style={{ flexShrink: 0 }}
            onClick={() => actions.reactivate(user)}
            aria-label={t('users.reactivateNamed', { name })}
            data-testid="user-reactivate"
          >
            {t('users.reactivate')}
          </Button>
        ) : actions ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="sm"
                mih={44}
                miw={44}
                style={{ flexShrink: 0 }}
                aria-label={t('users.actions', { name })}
              >
                ⋯
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => actions.edit(user)}>{t('users.edit')}</Menu.Item>
              {/* One's own password needs the current one: that is the /profile screen. */}
              {isSelf ? null : (
                <>
                  <Menu.Item onClick={() => actions.setPassword(user)}>
                    {t('users.setPassword')}
                  </Menu.Item>
                  <Menu.Item onClick={() => actions.toggleLock(user)}>
                    {user.locked ? t('users.unlock') : t('users.lock')}
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => actions.remove(user)}>
                    {t('users.delete')}
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Paper>
  );
}
