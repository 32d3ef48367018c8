/**
 * Create or edit a user: names, e-mail, roles and the customer link (an existing customer
 * from this device's list; the server refuses any other). Access is chosen, not defaulted:
 * each role says what it allows, and a user without a customer link is not saved without a
 * role (rules/permissions accessIssue, which the server applies too). On create the password
 * given is a one-time password the user changes at the first sign-in. The competent person's
 * profile (qualification, training, last refresher; docs/dguv-record.md) is kept here too.
 */
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, usernameSchema, type ProfileView } from '@domain/schemas/admin';
import { accessIssue, ROLES } from '@domain/rules/permissions';
import { lastRefresherIssue } from '@domain/rules/competent-person';
import { DayInput } from '@components/forms';
import { localCalendarDay } from '@domain/rules/dates';
import { useCompanies } from '@db/hooks';
import { HttpError } from '@lib/api/http-errors';
import { useApiMessage } from './data/api-message';
import { changeUser, createUser } from './data/profile-api';

export interface UserFormModalProps {
  /** null: create a new user. */
  user: ProfileView | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (user: ProfileView) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Values {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
  customerId: string | null;
  password: string;
  qualification: string;
  training: string;
  /** 'YYYY-MM-DD' or ''. */
  lastRefresher: string;
}

const valuesOf = (u: ProfileView | null): Values => ({
  username: u?.username ?? '',
  firstName: u?.firstName ?? '',
  lastName: u?.lastName ?? '',
  email: u?.email ?? '',
  roles: u ? [...u.roles] : [],
  customerId: u?.customerId ?? null,
  password: '',
  qualification: u?.qualification ?? '',
  training: u?.training ?? '',
  lastRefresher: u?.lastRefresher ?? '',
});

export function UserFormModal({ user, opened, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation(['admin', 'validation']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? t('userForm.editTitle') : t('userForm.createTitle')}
      centered
    >
      {/* Keyed so each opening starts from the user's current values. */}
      {opened ? (
        <UserForm key={user?.id ?? 'new'} user={user} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function UserForm({ user, onClose, onSaved }: Omit<UserFormModalProps, 'opened'>) {
  const { t } = useTranslation(['admin', 'validation']);
  const apiMessage = useApiMessage();
  const companies = useCompanies();
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const validate = (): boolean => {
    const next: typeof errors = {};
    if (!user) {
      const name = usernameSchema.safeParse(values.username);
      if (!name.success) next.username = t(name.error.issues[0]?.message as never);
    }
    if (values.email.trim() && !EMAIL.test(values.email.trim())) next.email = t('validation:email');
    const access = accessIssue(values);
    if (access) next.roles = t(access);
    const refresher = lastRefresherIssue(values.lastRefresher || null, localCalendarDay());
    if (refresher) next.lastRefresher = t(refresher);
    if (!user && values.password.length < PASSWORD_MIN_LENGTH) {
      next.password = t('validation:minLength', { count: PASSWORD_MIN_LENGTH });
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setSaving(true);
    setFormError(null);
    const common = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim() || null,
      roles: values.roles,
      customerId: values.customerId,
      qualification: values.qualification.trim() || null,
      training: values.training.trim() || null,
      lastRefresher: values.lastRefresher || null,
    };
    try {
      const saved = user
        ? await changeUser({ id: user.id, ...common })
        : await createUser({
            ...common,
            username: values.username.trim(),
            password: values.password,
          });
      onSaved(saved);
    } catch (error) {
      const message = apiMessage(error);
      const field = error instanceof HttpError ? error.field : undefined;
      if (field && field in values) setErrors((e) => ({ ...e, [field]: message }));
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  const customers = (companies ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('userForm.username')}
          value={values.username}
          onChange={(e) => set('username', e.currentTarget.value)}
          error={errors.username}
          required={!user}
          readOnly={user !== null}
          autoComplete="off"
          data-autofocus
          data-testid="user-username"
        />
        <Group grow wrap="wrap" gap="sm">
          <TextInput
            label={t('userForm.firstName')}
            value={values.firstName}
            onChange={(e) => set('firstName', e.currentTarget.value)}
            miw={160}
          />
          <TextInput
            label={t('userForm.lastName')}
            value={values.lastName}
            onChange={(e) => set('lastName', e.currentTarget.value)}
            miw={160}
          />
        </Group>
        <TextInput
          type="email"
          label={t('userForm.email')}
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
        />
        <Checkbox.Group
          label={t('userForm.roles')}
          description={t('userForm.rolesHint')}
          value={values.roles}
          onChange={(roles) => {
            set('roles', roles);
            setErrors((e) => ({ ...e, roles: undefined }));
          }}
          error={errors.roles}
          data-testid="user-roles"
        >
          <Stack gap={6} mt={6}>
            {ROLES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={t(`userForm.role.${role}`)}
                description={t(`userForm.roleHint.${role}`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label={t('userForm.customer')}
          description={t('userForm.customerHint')}
          placeholder={t('userForm.customerPlaceholder')}
          data={customers}
          value={values.customerId}
          onChange={(v) => {
            set('customerId', v);
            // A customer link is an access choice too.
            setErrors((e) => ({ ...e, roles: undefined }));
          }}
          error={errors.customerId}
          searchable
          clearable
          data-testid="user-customer"
        />
        <Fieldset legend={t('userForm.competentTitle')} variant="filled" p="sm">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('userForm.competentHint')}
            </Text>
            <TextInput
              label={t('userForm.qualification')}
              description={t('userForm.qualificationHint')}
              value={values.qualification}
              onChange={(e) => set('qualification', e.currentTarget.value)}
              data-testid="user-qualification"
            />
            <TextInput
              label={t('userForm.training')}
              description={t('userForm.trainingHint')}
              value={values.training}
              onChange={(e) => set('training', e.currentTarget.value)}
              data-testid="user-training"
            />
            <DayInput
              label={t('userForm.lastRefresher')}
              value={values.lastRefresher}
              onChange={(day) => set('lastRefresher', day)}
              error={errors.lastRefresher}
              data-testid="user-last-refresher"
            />
          </Stack>
        </Fieldset>
        {user ? null : (
          <PasswordInput
            label={t('userForm.oneTimePassword')}
            description={t('userForm.oneTimeHint', { count: PASSWORD_MIN_LENGTH })}
            value={values.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errors.password}
            required
            autoComplete="new-password"
            data-testid="user-password"
          />
        )}
        {formError ? (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
            {formError}
          </div>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('userForm.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="user-save">
            {t('userForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
