import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirsIn = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** One zone per feature folder: nothing in `root/<x>` imports from `root/<y>` (issue #16). */
const apart = (root, what) =>
  dirsIn(`./${root}`).map((name) => ({
    target: `./${root}/${name}`,
    from: `./${root}`,
    except: [`./${name}`],
    message: `${what} do not import each other: move the shared piece to lib/ or the domain package, or let the composing layer pass it in (issue #16).`,
  }));

const server = 'apps/server/src';
const web = 'apps/web/src';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'test-results/**', 'bench/results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // Kysely's dynamic table helpers and JSON columns need `any` at a few seams.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Boundaries (issue #16, decision 133), on resolved paths so relative imports count too.
    files: ['apps/server/src/**/*.{ts,mts}', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: `./${server}/lib`, from: [`./${server}/modules`, `./${server}/plugins`, `./${server}/platform`], message: 'lib/ never imports a module, plugin or the platform API (issue #16).' },
            { target: `./${web}/lib`, from: `./${web}/features`, message: 'lib/ never imports a feature (issue #16).' },
            { target: `./${server}/db/migrations`, from: `./${server}`, except: ['./db/migrations'], message: 'migrations import only kysely and their own folder (./helpers), never app code.' },
          ],
        },
      ],
    },
  },
  {
    // Tests and their fixtures compose several features on purpose (an order paid, then after-sales).
    files: ['apps/server/src/**/*.{ts,mts}', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    plugins: { 'boundaries-apart': { rules: { 'no-restricted-paths': importX.rules['no-restricted-paths'] } } },
    rules: {
      'boundaries-apart/no-restricted-paths': ['error', { zones: [...apart(`${server}/modules`, 'server modules'), ...apart(`${web}/features`, 'web features')] }],
    },
  },
  {
    // Query keys are written only by the queryOptions of an API folder (decision 158): a screen or
    // component reads `useQuery(xQuery(…))` and invalidates a prefix of the feature's keys.ts.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [
      `${web}/features/*/api/**`,
      `${web}/platform/api/**`,
      // The request layer's own reads (the signed-in user, site config values).
      `${web}/lib/**`,
      '**/*.test.{ts,tsx}',
      // Owned by the sign-in work in progress: to switch to access/api's agreementQuery.
      `${web}/features/access/components/agreement-dialog.tsx`,
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'][value.type='ArrayExpression']",
          message: 'A query key is written only in features/<x>/api (its xQuery queryOptions, prefixes in keys.ts): use useQuery(xQuery(…)) or a keys.ts prefix (decision 158).',
        },
        {
          selector: "CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression",
          message: 'A query key is written only in features/<x>/api: pass xQuery(…).queryKey or a keys.ts prefix (decision 158).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!kysely(/|$)|\\./)', message: 'migrations import only kysely and their own folder (./helpers), never app code.' }] }],
    },
  },
);
