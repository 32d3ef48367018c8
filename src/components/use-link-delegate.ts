/**
 * In-app navigation for the plain links of a long list's lines, from one click handler on the
 * list. A router <Link> per line re-renders with every change of the URL, and the hose and
 * machine lists write their search into the URL on each keystroke; plain
 * <a href> elements do not. Clicks the browser should handle itself (a modifier or another button: new tab or
 * window; a download; another origin or target) are left alone, as <Link> does.
 */
import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function useLinkDelegate() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest('a');
      if (!link || !event.currentTarget.contains(link) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
}
