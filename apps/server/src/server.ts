import { loadConfig } from './config';
import { buildApp } from './app';
import { setupDatabase } from './db/setup';
import { DEMO } from './db/seed/demo';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const handle = await setupDatabase(config);
  const app = await buildApp(config, handle);
  await app.listen({ host: config.HOST, port: config.PORT });
  const url = `http://${config.HOST}:${config.PORT}`;
  const lines = [
    '',
    `  厂家服务下单门户 is running at ${url}/`,
    `  Platform console:            ${url}/#/platform/login`,
    `  Database: ${config.isPostgres ? 'PostgreSQL' : config.DATABASE_URL}`,
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
  console.log(lines.join('\n') + '\n');
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      app.close().then(() => handle.db.destroy()).finally(() => process.exit(0));
    });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
