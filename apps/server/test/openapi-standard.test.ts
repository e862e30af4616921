import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { startTestApp, type TestApp } from './helper';

// Issue 48 item 13: an integrator's first step works — /api/openapi.json passes a standard validator
// (@readme/openapi-parser), and openapi-typescript generates a client from it whose types compile,
// the recursive trees (regions, sub-account menus, categories) included as real components.

let t: TestApp;
let doc: Record<string, any>;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const REF = '#/components/schemas/';
/** Every $ref in the document. */
function refsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  }
  return out;
}

describe('the OpenAPI document for integrators', () => {
  it('passes @readme/openapi-parser’s validation', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('points every $ref at a component that exists, and the three trees at named recursive components', () => {
    const refs = refsOf(doc.paths);
    for (const ref of new Set(refsOf(doc))) {
      expect(ref.startsWith(REF), ref).toBe(true);
      expect(doc.components.schemas[ref.slice(REF.length)], ref).toBeTruthy();
    }
    const treeOf = (path: string, method: string) => refsOf(doc.paths[path][method].responses['200']);
    expect(treeOf('/api/common/listProvinceCity', 'post')).toContain(`${REF}RegionNode`);
    expect(treeOf('/api/app/user/getSubAccountMenu/{id}', 'get')).toContain(`${REF}PermissionNode`);
    expect(treeOf('/api/app/category/list', 'get')).toContain(`${REF}CategoryNode`);
    expect(refs.some((r) => /schema\d+$/.test(r))).toBe(false);
    // Recursive: each node's children are nodes of its own kind.
    expect(refsOf(doc.components.schemas.RegionNode)).toContain(`${REF}RegionNode`);
    expect(refsOf(doc.components.schemas.CategoryNode)).toContain(`${REF}CategoryNode`);
    expect(refsOf(doc.components.schemas.PermissionNode)).toContain(`${REF}PermissionNode`);
  });

  it('generates a typed client with openapi-typescript whose calls type-check, and whose mistakes do not', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    writeFileSync(join(dir, 'api.d.ts'), types);
    // A small typed client over the generated `paths`, as an integrator would write one.
    const client = `import type { paths, components } from './api';
type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
declare function call<P extends keyof paths, M extends keyof paths[P] & string>(method: M, path: P): Promise<Json<P, M>>;
export async function regions(): Promise<string[]> {
  const answer = await call('post', '/api/common/listProvinceCity');
  const walk = (nodes: components['schemas']['RegionNode'][]): string[] => nodes.flatMap((n) => [n.label, ...walk(n.children ?? [])]);
  // A refusal ({code, msg, data: null}) is part of every answer's type: the client must look.
  return walk(answer.data ?? []);
}
export async function menus() {
  const answer = await call('get', '/api/app/user/getSubAccountMenu/{id}');
  return (answer.data ?? []).map((m) => m.child.map((c) => c.name));
}
export async function categories() {
  const answer = await call('get', '/api/app/category/list');
  return (answer.data ?? []).map((c) => c.child.map((g) => g.child.length));
}
`;
    const wrong = `import type { components } from './api';
export const broken = (n: components['schemas']['RegionNode']): number => n.children![0]!.label;
`;
    writeFileSync(join(dir, 'client.ts'), client);
    writeFileSync(join(dir, 'wrong.ts'), wrong);
    const diagnostics = (file: string) => {
      const program = ts.createProgram([join(dir, file)], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: false, types: [] });
      return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(diagnostics('client.ts')).toEqual([]);
    expect(diagnostics('wrong.ts').join('\n')).toMatch(/string.*number/);
  }, 120_000);
});
