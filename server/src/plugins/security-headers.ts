/**
 * Security headers on every response, including the raw ones of the identity provider.
 * Scripts only from our origin (the built app has no inline script; 'wasm-unsafe-eval' lets it
 * compile its own WebAssembly, never run strings as code); Mantine injects its CSS variables
 * in <style> elements, hence 'unsafe-inline' for styles only.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

export function contentSecurityPolicy(config: Pick<ServerConfig, 'auth'>): string {
  const idp = config.auth.embedded ? '' : ` ${new URL(config.auth.url).origin}`;
  return [
    "default-src 'self'",
    // WebAssembly (the scan dialog's code reader, served from our origin) must be compiled.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${idp}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${idp}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

type HeaderConfig = Pick<ServerConfig, 'auth'> & Partial<Pick<ServerConfig, 'publicUrl'>>;

/** A year, subdomains included: served over https, the app must never be reached over http. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(config: HeaderConfig): Record<string, string> {
  return {
    ...(config.publicUrl?.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(self), geolocation=(), microphone=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** For replies that bypass Fastify (the hijacked provider). */
export function applySecurityHeaders(res: ServerResponse, config: HeaderConfig) {
  for (const [k, v] of Object.entries(securityHeaders(config))) res.setHeader(k, v);
}

export function securityHeadersPlugin(app: FastifyInstance, config: ServerConfig) {
  const headers = securityHeaders(config);
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(headers)) {
      if (!reply.hasHeader(k)) reply.header(k, v);
    }
    return payload;
  });
}
