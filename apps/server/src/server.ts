import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { DEMO } from './db/seed/demo';
import { log } from './lib/logger';
import { startServer } from './start-server';

/** `port` is the one bound: with PORT=0 the system picks it. */
function banner(config: Config, port: number) {
  const url = `http://${config.HOST}:${port}`;
  const lines = [
    '',
    `  厂家服务下单门户 is running at ${url}/`,
    `  Platform console:            ${url}/#/platform/login`,
    `  Database: ${config.isPostgres ? 'PostgreSQL' : config.DATABASE_URL}${config.WORKERS > 1 ? `   (${config.WORKERS} server processes)` : ''}`,
  ];
  if (config.PORTAL_DEMO_DATA) {
    lines.push(
      '  Demo logins:',
      `    main account  phone ${DEMO.mainPhone}  password ${DEMO.password}`,
      `    sub-account   account ${DEMO.subAccount}  password ${DEMO.password}`,
      `    operator      account ${DEMO.operatorAccount}  password ${DEMO.operatorPassword}`,
    );
  }
  if (config.PORTAL_DEV_OUTBOX) lines.push(`  SMS outbox (development):    ${url}/api/dev/outbox?phone=13800138000`);
  return lines.join('\n') + '\n';
}

/**
 * Started by `npm start` (scripts/start.mjs) with an IPC channel: the channel closes when that script
 * ends, however it ended (even SIGKILL), and the server then stops as on SIGTERM (issue 48 item 12).
 */
function stopWithParent() {
  if (process.env.PORTAL_STOP_WITH_PARENT !== '1' || !process.send || !cluster.isPrimary) return;
  process.channel?.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

async function main() {
  stopWithParent();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    // A refusal to start, before there is a valid LOG_LEVEL: one plain message for the operator.
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  }
  // The banner is the command's own output (npm start), not a log line.
  await startServer(config, { onListening: (port) => process.stdout.write(banner(config, port)) });
}

main().catch((err) => {
  log.fatal({ err }, 'server failed to start');
  process.exit(1);
});
