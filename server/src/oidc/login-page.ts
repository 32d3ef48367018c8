/** Server-rendered login page at `/realms/<realm>/login-actions/:uid` (Keycloak's ids). */
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

export function renderLoginPage(m: LoginPageModel): string {
  const t = (k: string) => escapeHtml(m.texts[k] ?? k);
  const invalid = m.error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
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
  <div class="brand"><img src="/favicon.svg" alt="" width="40" height="40"><h1 id="kc-page-title">${t('heading')}</h1></div>
  <p class="subtitle">${t('subtitle')}</p>
  ${m.error ? `<p class="error" id="input-error" role="alert">${escapeHtml(m.error)}</p>` : ''}
  <form id="kc-form-login" method="post" action="${escapeHtml(m.action)}" novalidate>
    <label for="username">${t('username')}</label>
    <input id="username" name="username" type="text" value="${escapeHtml(m.username)}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus${invalid}>
    <label for="password">${t('password')}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
    <input type="hidden" name="lng" value="${m.lang}">
    <button id="kc-login" name="login" type="submit">${t('submit')}</button>
  </form>
  <nav class="languages" aria-label="${t('language')}">${langs}</nav>
</main>
${m.isTestEnv ? '<div class="test-banner" role="status">Testumgebung</div>' : ''}
</body>
</html>`;
}
