/**
 * Entry: zod without eval (CSP) first; then either straight on to the identity provider (the
 * sign-in route opened on a device without a session, lib/auth signInBeforeApp) or the app
 * (src/app/boot.tsx). Kept small: the sign-in hand-over needs none of React, Mantine or the
 * screens.
 */
import './lib/zod-csp';
import './lib/pwa/install';
import { signInBeforeApp } from './lib/auth/auth';
import { initialLanguage } from './lib/i18n/languages';

async function main(): Promise<void> {
  if (await signInBeforeApp(window.location, initialLanguage())) return;
  const { bootstrap } = await import('./app/boot');
  await bootstrap();
}

void main();
