/** Route screen for areas a later update delivers: names the matched route's title. */
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { resolveRoute } from '../route-handle';

export function ComingSoonScreen() {
  const { t } = useTranslation(['routes']);
  const { title } = resolveRoute(useMatches().map((m) => m.handle));
  return <ComingSoon screen={title ? t(title) : t('routes:dashboard')} />;
}
