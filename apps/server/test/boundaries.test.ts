import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue #16, decision 133: features and modules never import each other, lib/ never imports a feature,
// module or plugin, migrations import only kysely and their own folder. The rule resolves paths, so a
// relative import counts (the old `no-restricted-imports` pattern never matched one).

const root = fileURLToPath(new URL('../../..', import.meta.url));
const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'boundaries-apart/no-restricted-paths', 'no-restricted-imports']);
const eslint = new ESLint({ cwd: root });

/** Writes `code` at `path` (inside the tree, so the repo config and resolver apply), lints it, removes it. */
async function lintPlanted(path: string, code: string) {
  const file = `${root}${path}`;
  await writeFile(file, code);
  try {
    const [result] = await eslint.lintFiles([file]);
    return result!.messages.filter((m) => BOUNDARY_RULES.has(m.ruleId ?? '')).map((m) => `${m.line}: ${m.message}`);
  } finally {
    await rm(file, { force: true });
  }
}

const probe = (dir: string, ext = 'ts') => `${dir}/boundary-probe-${process.pid}.${ext}`;

describe('boundary rule (eslint.config.js)', () => {
  it('refuses a server module importing another module (relative path)', async () => {
    const errors = await lintPlanted(probe('apps/server/src/modules/site'), "import walletRoutes from '../wallet/wallet.routes';\nexport const x = walletRoutes;\n");
    expect(errors.join('\n')).toMatch(/server modules do not import each other/);
  });

  it('refuses a web feature importing another feature (relative path)', async () => {
    const errors = await lintPlanted(probe('apps/web/src/features/home'), "import { getOrders } from '../orders/api/get-orders';\nexport const x = getOrders;\n");
    expect(errors.join('\n')).toMatch(/web features do not import each other/);
  });

  it('refuses lib/ importing a feature (web) or a module / plugin (server)', async () => {
    const web = await lintPlanted(probe('apps/web/src/lib'), "import { getOrders } from '../features/orders/api/get-orders';\nexport const x = getOrders;\n");
    expect(web.join('\n')).toMatch(/lib\/ never imports a feature/);
    const server = await lintPlanted(probe('apps/server/src/lib'), "import { ok } from '../lib/envelope';\nimport w from '../modules/wallet/wallet.routes';\nimport { registerAuth } from '../plugins/auth';\nexport const x = [ok, w, registerAuth];\n");
    expect([...new Set(server.map((e) => e.split(':')[0]))]).toEqual(['2', '3']);
    expect(server.join('\n')).toMatch(/lib\/ never imports a module/);
  });

  it('refuses a migration importing app code or a package other than kysely', async () => {
    const errors = await lintPlanted(
      probe('apps/server/src/db/migrations'),
      "import type { Kysely } from 'kysely';\nimport { withId } from './helpers';\nimport { nowIso } from '../../lib/time';\nimport { MSG } from '@portal/domain/messages';\nexport const x = [withId, nowIso, MSG] as unknown as Kysely<any>;\n",
    );
    // kysely and ./helpers pass; the app import (line 3) and the domain package (line 4) are refused.
    expect([...new Set(errors.map((e) => e.split(':')[0]))]).toEqual(['3', '4']);
    expect(errors.join('\n')).toMatch(/migrations import only kysely/);
  });

  it('lets a feature import lib/, the domain package and its own files', async () => {
    const errors = await lintPlanted(
      probe('apps/server/src/modules/orders'),
      "import { ok } from '../../lib/envelope';\nimport { MSG } from '@portal/domain/messages';\nimport orderRoutes from './orders.routes';\nexport const x = [ok, MSG, orderRoutes];\n",
    );
    expect(errors).toEqual([]);
  });

  it('passes on the real tree', async () => {
    const results = await eslint.lintFiles(['apps/server/src', 'apps/web/src']);
    const broken = results.flatMap((r) => r.messages.filter((m) => BOUNDARY_RULES.has(m.ruleId ?? '')).map((m) => `${r.filePath.slice(root.length)}:${m.line} ${m.message}`));
    expect(broken).toEqual([]);
  }, 120_000);
});
