import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTitleOverride } from '@lib/document-title';
import type { RouteTitleKey } from '@lib/i18n';
import { formatDocumentTitle } from '../title';

/**
 * Keeps document.title at '{translated route title} - Schlauchmanager', also on language
 * change; a screen's override (lib/document-title) wins while that screen shows.
 */
export function useDocumentTitle(title: RouteTitleKey | null): void {
  const { t, i18n } = useTranslation(['routes']);
  const override = useTitleOverride((s) => s.key);
  const key = override ? (`routes:${override}` as RouteTitleKey) : title;
  const text: string | null = key ? t(key) : null;
  useEffect(() => {
    document.title = formatDocumentTitle(text);
  }, [text, i18n.language]);
}
