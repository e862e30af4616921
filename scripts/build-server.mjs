// `npm run build:server`: the production server as plain JavaScript (decision 155). TypeScript's own
// compiler transpiles every source file of the server and of the domain package one by one (the
// code is written for isolatedModules; type errors are `npm run typecheck`'s job, as for the web's
// vite build), and gives Node's ESM loader what the bundler-style sources leave out: `.js` on every
// relative import and `@portal/domain/x` pointing at the compiled domain beside the server. Layout:
//   <out>/server.js, <out>/cli/*.js, <out>/db/migrations/*.js, …  (mirrors apps/server/src)
//   <out>/domain/*.js                                             (packages/domain/src)
// plus the server's plain-JavaScript pieces (.mjs: the keyword-index worker) copied as they are.
// Packages (fastify, kysely, zod, …) load from the repository's node_modules, so <out> must be inside
// the repository (default apps/server/dist).
// Usage: node scripts/build-server.mjs [outDir]
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const out = resolve(process.argv[2] ?? join(root, 'apps/server/dist'));
const serverSrc = join(root, 'apps/server/src');
const domainSrc = join(root, 'packages/domain/src');

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
const isSource = (f) => /\.tsx?$/.test(f) && !/\.d\.m?ts$/.test(f) && !/\.(test|fixtures)\.tsx?$/.test(f);

// The repository's compiler options (target, module, …), emitting ES modules.
const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.convertCompilerOptionsFromJson({ ...config.compilerOptions, noEmit: false }, root);
options.module = ts.ModuleKind.ESNext;

/** [source, compiled path] of every file to build. */
const units = [
  ...walk(serverSrc).filter(isSource).map((f) => [f, join(out, relative(serverSrc, f))]),
  ...walk(domainSrc).filter(isSource).map((f) => [f, join(out, 'domain', relative(domainSrc, f))]),
].map(([src, dst]) => [src, dst.replace(/\.tsx?$/, '.js')]);
const compiled = new Set(units.map(([, dst]) => dst));
const plain = walk(serverSrc).filter((f) => f.endsWith('.mjs'));
for (const f of plain) compiled.add(join(out, relative(serverSrc, f)));

function target(fromFile, spec) {
  let base;
  if (spec.startsWith('@portal/domain/')) base = join(out, 'domain', spec.slice('@portal/domain/'.length));
  else if (spec.startsWith('./') || spec.startsWith('../')) base = resolve(dirname(fromFile), spec);
  else return spec; // a package
  const file = [base, `${base}.js`, join(base, 'index.js')].find((p) => compiled.has(p));
  if (!file) throw new Error(`build:server: ${relative(root, fromFile)} imports '${spec}', which is not part of the build`);
  const r = relative(dirname(fromFile), file).split('\\').join('/');
  return r.startsWith('.') ? r : `./${r}`;
}

// Static imports/exports (`from '…'`), side-effect imports and dynamic `import('…')` with a literal.
const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g;

rmSync(out, { recursive: true, force: true });
for (const [src, dst] of units) {
  const { outputText, diagnostics } = ts.transpileModule(readFileSync(src, 'utf8'), { compilerOptions: options, fileName: src, reportDiagnostics: true });
  if (diagnostics?.length) {
    console.error(ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }));
    process.exit(1);
  }
  mkdirSync(dirname(dst), { recursive: true });
  writeFileSync(dst, outputText.replace(specifier, (m, lead, q, spec) => `${lead}${q}${target(dst, spec)}${q}`));
}
for (const f of plain) cpSync(f, join(out, relative(serverSrc, f)));
if (!existsSync(join(out, 'server.js')) || !statSync(join(out, 'server.js')).isFile()) throw new Error('build:server: no server.js');
console.log(`build:server: ${units.length + plain.length} files in ${relative(root, out)}`);
