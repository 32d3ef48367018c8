/** The words for a failed online call: the server's message key, else a generic text. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@domain/schemas/admin';
import { HttpError, NetworkError } from '@lib/api/http-errors';
import { looksLikeMessageKey } from '@lib/i18n/message-key';

export function useApiMessage(): (error: unknown) => string {
  const { t } = useTranslation(['admin', 'validation']);
  return useCallback(
    (error: unknown) => {
      if (error instanceof NetworkError) return t('admin:networkError');
      if (!(error instanceof HttpError)) return t('admin:users.saveError');
      if (error.code === 'managed_by_identity_provider') return t('admin:managedElsewhere');
      if (error.code === 'duplicate' && error.field === 'username') {
        return t('admin:duplicateUsername');
      }
      if (!looksLikeMessageKey(error.message)) return t('admin:users.saveError');
      // Length rules carry their bound: only passwords have one the user can miss here.
      return t(error.message as never, {
        count: PASSWORD_MIN_LENGTH,
        minimum: PASSWORD_MIN_LENGTH,
        defaultValue: t('admin:users.saveError'),
      });
    },
    [t],
  );
}
