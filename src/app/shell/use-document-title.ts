import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteTitleKey } from '../../lib/i18n';
import { formatDocumentTitle } from '../title';

/** Keeps document.title at '{translated route title} - Schlauchmanager', also on language change. */
export function useDocumentTitle(title: RouteTitleKey | null): void {
  const { t, i18n } = useTranslation(['routes']);
  const text: string | null = title ? t(title) : null;
  useEffect(() => {
    document.title = formatDocumentTitle(text);
  }, [text, i18n.language]);
}
