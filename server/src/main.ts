/** Entry point of `npm start`: builds the server, listens, and shuts down gracefully. */
import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const { app } = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
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
  app.log.info(
    `Schlauchmanager on ${config.publicUrl} (db ${config.databaseUrl ? 'postgres' : 'sqlite'}, identity ${config.auth.embedded ? 'embedded' : config.auth.issuer})`,
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
