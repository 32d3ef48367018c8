/**
 * `/profile`: every signed-in user changes their own password here (the current one is
 * required; the server checks it). Online only; with a real Keycloak the password is
 * changed there. Below it the calendar subscription (calendar-feed-card).
 */
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { PASSWORD_MIN_LENGTH } from '@domain/schemas/admin';
import { HttpError } from '@lib/api/http-errors';
import { useAuthStore } from '@lib/auth';
import { useOnlineStatus } from '@lib/network/use-online-status';
import { CalendarFeedCard } from './calendar-feed-card';
import { useApiMessage } from './data/api-message';
import { changeUser } from './data/profile-api';

type Field = 'current' | 'next' | 'repeat';

export function PasswordScreen() {
  const { t } = useTranslation(['admin', 'routes', 'validation']);
  const apiMessage = useApiMessage();
  const online = useOnlineStatus();
  const user = useAuthStore((s) => s.user);
  const [values, setValues] = useState<Record<Field, string>>({
    current: '',
    next: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.current) next.current = t('validation:required');
    if (values.next.length < PASSWORD_MIN_LENGTH) {
      next.next = t('validation:minLength', { count: PASSWORD_MIN_LENGTH });
    }
    if (values.repeat !== values.next) next.repeat = t('password.mismatch');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      await changeUser({ currentPassword: values.current, password: values.next });
      setValues({ current: '', next: '', repeat: '' });
      snack({ text: t('password.saved'), type: 'success' });
    } catch (error) {
      const message = apiMessage(error);
      const field = error instanceof HttpError ? error.field : undefined;
      if (field === 'currentPassword') setErrors({ current: message });
      else if (field === 'password') setErrors({ next: message });
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t('routes:password')} />
      <Paper withBorder p="md" radius="md" maw={520}>
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack gap="sm">
            {user ? (
              <Text size="sm" c="dimmed">
                {t('password.account', {
                  name: `${user.firstName} ${user.lastName}`.trim() || user.name,
                  username: user.username,
                })}
              </Text>
            ) : null}
            <Text size="sm">{t('password.intro')}</Text>
            {online ? null : (
              <Alert color="yellow" role="status" data-testid="password-offline">
                {t('password.offline')}
              </Alert>
            )}
            <PasswordInput
              label={t('password.current')}
              value={values.current}
              onChange={(e) => set('current', e.currentTarget.value)}
              error={errors.current}
              required
              autoComplete="current-password"
              data-testid="password-current"
            />
            <PasswordInput
              label={t('password.new')}
              description={t('password.hint', { count: PASSWORD_MIN_LENGTH })}
              value={values.next}
              onChange={(e) => set('next', e.currentTarget.value)}
              error={errors.next}
              required
              autoComplete="new-password"
              data-testid="password-new"
            />
            <PasswordInput
              label={t('password.repeat')}
              value={values.repeat}
              onChange={(e) => set('repeat', e.currentTarget.value)}
              error={errors.repeat}
              required
              autoComplete="new-password"
              data-testid="password-repeat"
            />
            {formError ? (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            ) : null}
            <Button type="submit" loading={saving} disabled={!online} data-testid="password-save">
              {t('password.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <CalendarFeedCard />
    </>
  );
}
