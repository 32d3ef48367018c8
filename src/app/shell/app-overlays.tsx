/**
 * App-wide overlays: Mantine's ModalsProvider (confirm), the notifications host (snacks, the
 * shop's messages), the session-expired notice and the update prompt. None of them shows on
 * the first paint, so app.tsx loads this module on demand; a snack or confirm
 * asked for meanwhile waits in its store and shows once the host is mounted.
 */
import { ConfirmDialog } from '@components/confirm';
import { SnackStack } from '@components/snacks';
import { useAuthStore } from '@lib/auth/auth-store';
import { PwaUpdatePrompt } from './pwa-update-prompt';
import { SessionExpiredNotice } from './session-expired-notice';

export function AppOverlays() {
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  return (
    <>
      <ConfirmDialog />
      <SnackStack />
      <SessionExpiredNotice />
      {/* It registers the service worker: only once signed in, never on a page about to leave
          for the sign-in (docs/sync.md "The service worker's install"). */}
      {signedIn ? <PwaUpdatePrompt /> : null}
    </>
  );
}
