import { pino } from 'pino';
import { loadConfig, type Config } from './config.js';
import { createDocsServer } from './server.js';

// Entry point: configuration from the environment, logs to stdout, signals for reload and stop.

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`docs-server: ${(err as Error).message}`);
  process.exit(1);
}

const logger = pino({ level: config.logLevel, base: { service: 'docs-server' } });
const server = createDocsServer(config, logger);

// The last line of defence, not the fix: every request, upgrade and frame handler catches its own
// errors. Should one slip through, one reader's request fails and everyone else keeps being served.
process.on('uncaughtException', (err) => {
  logger.fatal({ err: err.message, stack: err.stack }, 'uncaught exception; still serving');
});
process.on('unhandledRejection', (reason) => {
  logger.fatal(
    { err: reason instanceof Error ? reason.message : String(reason) },
    'unhandled rejection; still serving',
  );
});

process.on('SIGHUP', () => {
  logger.info('SIGHUP: reloading corpus');
  void server.reloadCorpus();
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'shutting down');
    server.shutdown().then(
      () => process.exit(0),
      (err: Error) => {
        logger.error({ err: err.message }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await server.start();
} catch (err) {
  logger.fatal({ err: (err as Error).message }, 'could not start');
  process.exit(1);
}
