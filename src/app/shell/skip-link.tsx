/**
 * "Skip to content": the first tab stop of the app shell, hidden until focused. It moves the
 * focus past the header and the menu to the screen's content (`MAIN_CONTENT_ID`), so a
 * keyboard user does not tab through every menu entry on every screen.
 */
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        // The router ignores the hash: move the focus (and the view) to the content ourselves.
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
