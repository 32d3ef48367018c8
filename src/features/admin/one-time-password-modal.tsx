/** An administrator sets another user's one-time password (changed at their next sign-in). */
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type ProfileView } from '@domain/schemas/admin';
import { useApiMessage } from './data/api-message';
import { changeUser } from './data/profile-api';
import { displayName } from './user-card';

export interface OneTimePasswordModalProps {
  user: ProfileView | null;
  onClose: () => void;
  onSaved: (user: ProfileView) => void;
}

export function OneTimePasswordModal({ user, onClose, onSaved }: OneTimePasswordModalProps) {
  const { t } = useTranslation(['admin', 'validation']);
  const apiMessage = useApiMessage();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(t('validation:minLength', { count: PASSWORD_MIN_LENGTH }));
      return;
    }
    setSaving(true);
    try {
      const saved = await changeUser({ id: user.id, password });
      setPassword('');
      onSaved(saved);
    } catch (err) {
      setError(apiMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={user ? t('userForm.passwordTitle', { name: displayName(user) }) : ''}
      centered
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('userForm.oneTimeHint', { count: PASSWORD_MIN_LENGTH })}</Text>
          <PasswordInput
            label={t('userForm.oneTimePassword')}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            autoComplete="new-password"
            data-autofocus
            data-testid="one-time-password"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('userForm.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="one-time-save">
              {t('userForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
