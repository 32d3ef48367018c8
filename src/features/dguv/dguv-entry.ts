/** The DGUV entry rules of docs/architecture.md (pure, so the route screens and their tests share them). */

/** /dguv needs a `machine` query parameter unless an audit is running. */
export function dguvStartAllowed(search: string, auditRunning: boolean): boolean {
  return auditRunning || (new URLSearchParams(search).get('machine') ?? '').trim() !== '';
}

/** /dguv/audit needs a running audit, otherwise it goes to /dguv. */
export function dguvAuditRedirect(auditRunning: boolean): string | null {
  return auditRunning ? null : '/dguv';
}
