export {
  useAuthStore,
  sessionFlags,
  getAccessToken,
  type AuthStatus,
  type AuthState,
} from './auth-store';
export {
  startAuth,
  login,
  logout,
  refreshSession,
  takeRedirect,
  safeRedirect,
  CALLBACK_PATH,
} from './auth';
export { useSessionRefresh, SESSION_REFRESH_MS } from './use-session-refresh';
export { usePermission, useCanEdit } from './use-permission';
