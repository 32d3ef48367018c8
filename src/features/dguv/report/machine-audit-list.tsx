/** Placeholder until the machine's audit list lands (issue #6). */
export function MachineAuditList() {
  return null;
}
