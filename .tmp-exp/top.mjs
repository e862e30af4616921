import { readFileSync, readdirSync } from 'node:fs';
const dir = '/tmp/exp/prof';
const f = readdirSync(dir).filter((x) => x.endsWith('.cpuprofile')).map((x) => [x, readFileSync(dir + '/' + x).length]).sort((a, b) => b[1] - a[1])[0][0];
const p = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
const dt = new Map(); // node id -> self time
const byId = new Map(p.nodes.map((n) => [n.id, n]));
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const self = new Map(); let total = 0;
for (const [id, t] of dt) { const n = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')}:${cf.lineNumber}`; self.set(key, (self.get(key) ?? 0) + t); total += t; }
// by package
const pkg = new Map();
for (const [k, t] of self) { const m = /nm\/((@[^/]+\/)?[^/]+)/.exec(k); const g = m ? m[1] : (k.includes('apps/') || k.includes('packages/') ? 'app' : (k.split(' ')[0].startsWith('(') ? k.split(' ')[0] : 'node-internal')); pkg.set(g, (pkg.get(g) ?? 0) + t); }
console.log('total ms', (total / 1000).toFixed(0));
for (const [k, t] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log((100 * t / total).toFixed(1).padStart(5), '%', k);
console.log('---');
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOPN ?? 35))) console.log((100 * t / total).toFixed(1).padStart(5), '%', k);
