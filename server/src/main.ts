/**
 * Entry point of `npm start` (docs/operations.md "Signals"): builds the server, listens, and on
 * SIGTERM or SIGINT drains — stops accepting, ends the live streams with a reconnect hint,
 * waits for the requests in flight (at most SHUTDOWN_TIMEOUT_MS) — then exits 0.
 */
import type { Server } from 'node:http';
import { loadConfig } from './config';
import { buildApp } from './app';
import { serveMetrics } from './plugins/metrics';

const config = loadConfig();
const { app } = await buildApp(config);
let metricsServer: Server | null = null;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: draining requests and live streams');
  const force = setTimeout(() => {
    app.log.error(
      { timeoutMs: config.shutdownTimeoutMs },
      'shutdown: requests still running at the time limit, closing them',
    );
    app.server.closeAllConnections();
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    metricsServer?.close();
    await app.close();
    app.log.info('shut down');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  if (config.metrics.port !== null) {
    metricsServer = await serveMetrics(app.metrics, config.metrics.port, config.metrics.host);
    app.log.info(`metrics on http://${config.metrics.host}:${config.metrics.port}/metrics`);
  }
  app.log.info(
    `Schlauchmanager on ${config.publicUrl} (db ${config.databaseUrl ? 'postgres' : 'sqlite'}, identity ${config.auth.embedded ? 'embedded' : config.auth.issuer})`,
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
