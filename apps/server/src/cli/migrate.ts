// `npm run migrate`: applies the pending migrations of db/migrations to DATABASE_URL (SQLite file or
// postgres://…), in name order, and lists what it applied. `npm run migrate:status`: lists every
// migration as applied (with when) or pending, changing nothing. Decision 135.
// The server also migrates at start-up; this is for deploys that migrate first, then start.
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest, migrationStatus } from '../db/migrate';

const USAGE = 'usage: npm run migrate            apply pending migrations\n       npm run migrate:status     list applied and pending migrations';

function where(url: string) {
  return /^postgres(ql)?:\/\//.test(url) ? url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@') : url;
}

async function main() {
  const command = process.argv[2] ?? 'up';
  if (command !== 'up' && command !== 'status') throw new Error(USAGE);
  const config = loadConfig();
  const handle = await connectDatabase(config.DATABASE_URL, { poolMax: config.PG_POOL_MAX });
  try {
    if (command === 'status') {
      const all = await migrationStatus(handle.db);
      const pending = all.filter((m) => !m.executedAt);
      console.log(`Database: ${where(config.DATABASE_URL)}`);
      for (const m of all) console.log(m.executedAt ? `  applied  ${m.name}  ${m.executedAt.toISOString()}` : `  pending  ${m.name}`);
      console.log(`${all.length - pending.length} applied, ${pending.length} pending`);
      return;
    }
    const applied = await migrateToLatest(handle.db);
    for (const name of applied) console.log(`  applied  ${name}`);
    console.log(applied.length ? `${applied.length} migration(s) applied to ${where(config.DATABASE_URL)}` : `Nothing to apply: ${where(config.DATABASE_URL)} is up to date`);
  } finally {
    await handle.db.destroy();
  }
}

main().catch((e: Error) => {
  console.error(`migrate: ${e.message}`);
  process.exit(1);
});
