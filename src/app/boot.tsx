/**
 * The app's start (loaded by src/main.tsx): styles, chunk-error recovery, session start (not
 * awaited: the route guard shows a loader meanwhile), translations of the current language
 * (awaited, so no raw keys flash), then the first render.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './router';
import { installChunkErrorReload } from './pages/error-utils';
import { bindSelectionToAuth } from '../lib/selection/selection-store';
import { startAuth } from '../lib/auth';
import { initI18n } from '../lib/i18n';

/** Lets the browser paint and take input before the next piece of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function bootstrap(): Promise<void> {
  installChunkErrorReload();
  bindSelectionToAuth();
  void startAuth();
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing in index.html');
  // The router (its 100-odd routes flattened and ranked, the first screen's code asked for) in
  // a task of its own, before the first render's: on a phone each is a long task on its own,
  // together one twice as long (docs/performance.md, "The first screen").
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // As a transition the first render yields to the browser every few milliseconds instead of
  // blocking the main thread in one long task (Lighthouse's total blocking time).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
