/**
 * Server-rendered pages at `/realms/<realm>/login-actions/:uid` with Keycloak's element ids:
 * the sign-in form (#username, #password, #kc-login) and, for a one-time password, the
 * new-password form (#password-new, #password-confirm, #kc-login) as Keycloak's
 * "update password" action has them.
 */
import { LANGUAGES, type Language, type LoginTexts } from './login-i18n';

const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  'en-gb': 'English',
  fr: 'Français',
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface LoginPageModel {
  lang: Language;
  texts: LoginTexts;
  action: string;
  username: string;
  error: string | null;
  isTestEnv: boolean;
}

function shell(m: LoginPageModel, heading: string, subtitle: string, form: string): string {
  const t = (k: string) => escapeHtml(m.texts[k] ?? k);
  const langs = LANGUAGES.map(
    (l) =>
      `<a href="${escapeHtml(m.action)}?lng=${l}" hreflang="${l}" lang="${l}"${l === m.lang ? ' aria-current="true"' : ''}>${LANGUAGE_NAMES[l]}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="${m.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')} - Schlauchmanager</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/auth-assets/login.css">
</head>
<body>
<main class="card" id="kc-content">
  <div class="brand"><img src="/favicon.svg" alt="" width="40" height="40"><h1 id="kc-page-title">${heading}</h1></div>
  <p class="subtitle">${subtitle}</p>
  ${m.error ? `<p class="error" id="input-error" role="alert">${escapeHtml(m.error)}</p>` : ''}
  ${form}
  <nav class="languages" aria-label="${t('language')}">${langs}</nav>
</main>
${m.isTestEnv ? '<div class="test-banner" role="status">Testumgebung</div>' : ''}
</body>
</html>`;
}

export function renderLoginPage(m: LoginPageModel): string {
  const t = (k: string) => escapeHtml(m.texts[k] ?? k);
  const invalid = m.error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  return shell(
    m,
    t('heading'),
    t('subtitle'),
    `<form id="kc-form-login" method="post" action="${escapeHtml(m.action)}" novalidate>
    <label for="username">${t('username')}</label>
    <input id="username" name="username" type="text" value="${escapeHtml(m.username)}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus${invalid}>
    <label for="password">${t('password')}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
    <input type="hidden" name="lng" value="${m.lang}">
    <button id="kc-login" name="login" type="submit">${t('submit')}</button>
  </form>`,
  );
}

/** Asked after a correct one-time password: the new password, twice. */
export function renderPasswordChangePage(m: LoginPageModel): string {
  const t = (k: string) => escapeHtml(m.texts[k] ?? k);
  const invalid = m.error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  return shell(
    m,
    t('passwordChangeHeading'),
    t('passwordChangeInfo'),
    `<form id="kc-passwd-update-form" method="post" action="${escapeHtml(m.action)}" novalidate>
    <input type="text" name="username" value="${escapeHtml(m.username)}" autocomplete="username" hidden readonly>
    <label for="password-new">${t('passwordNew')}</label>
    <input id="password-new" name="password-new" type="password" autocomplete="new-password" minlength="8" required autofocus${invalid}>
    <label for="password-confirm">${t('passwordConfirm')}</label>
    <input id="password-confirm" name="password-confirm" type="password" autocomplete="new-password" minlength="8" required${invalid}>
    <input type="hidden" name="lng" value="${m.lang}">
    <button id="kc-login" name="login" type="submit">${t('passwordChangeSubmit')}</button>
  </form>`,
  );
}
