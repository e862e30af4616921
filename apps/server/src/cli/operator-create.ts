// `npm run operator:create -- --account <login> --name <display name>`: creates a platform operator
// (decision 118). Production never seeds one; this is how the first is made. The password comes from
// OPERATOR_PASSWORD, else from standard input (first line) when it is not a terminal, else from a
// hidden prompt asked twice. There is no default password.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { createOperator, OPERATOR_PASSWORD_MIN, OPERATOR_PASSWORD_MAX } from './operators';

const USAGE = 'usage: npm run operator:create -- --account <login name> --name <display name>   (password: OPERATOR_PASSWORD, standard input, or a prompt)';

async function readLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput(s: string): void };
    const write = out._writeToOutput.bind(rl);
    out._writeToOutput = (s: string) => write(s.startsWith(question) ? question : s.includes('\n') || s.includes('\r') ? '\n' : '');
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}

async function password(): Promise<string> {
  if (process.env.OPERATOR_PASSWORD) return process.env.OPERATOR_PASSWORD;
  if (!process.stdin.isTTY) return (await readLine()).replace(/\r$/, '');
  const first = await askHidden(`Password (${OPERATOR_PASSWORD_MIN}-${OPERATOR_PASSWORD_MAX} characters): `);
  const again = await askHidden('Password again: ');
  if (first !== again) throw new Error('the two passwords differ');
  return first;
}

async function main() {
  const { values } = parseArgs({ options: { account: { type: 'string' }, name: { type: 'string' } }, strict: true });
  if (!values.account || !values.name) throw new Error(USAGE);
  const config = loadConfig();
  const pass = await password();
  const handle = await connectDatabase(config.DATABASE_URL, { poolMax: config.PG_POOL_MAX });
  try {
    await migrateToLatest(handle.db);
    await createOperator(handle.db, { account: values.account, name: values.name, password: pass });
  } finally {
    await handle.db.destroy();
  }
  console.log(`Operator ${values.account} created; sign in at /#/platform/login`);
}

main().catch((e: Error) => {
  console.error(`operator:create: ${e.message}`);
  process.exit(1);
});
