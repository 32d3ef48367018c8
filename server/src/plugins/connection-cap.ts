/**
 * At most `cap` open TCP connections per client address (docs/operations-limits.md): one
 * address opening thousands of idle sockets would otherwise use up the server's file
 * descriptors, and every other client — `/api/health` included — would wait. A connection
 * over the cap is closed at once, before a byte is read.
 */
import type { Server } from 'node:http';

export function capConnectionsPerAddress(server: Server, cap: number): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
