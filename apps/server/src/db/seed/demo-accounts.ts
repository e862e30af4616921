import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileTypeCode } from '@portal/domain/files';
import { absoluteFor, newStoredPath } from '../../lib/storage-paths';
import type { DemoContext } from './demo';
import { simplePdf } from './simple-pdf';

const ITEMS = [
  { title: '空调安装操作规范', name: 'install-guide.pdf', lines: ['Air conditioner installation guide', '1. Check the wall bracket and the outdoor unit base.', '2. Vacuum the refrigerant line for at least 15 minutes.', '3. Test run: cooling and heating, record pressures.'], byMain: true },
  { title: '常见故障排查指南', name: 'troubleshooting.pdf', lines: ['Troubleshooting checklist', 'E1: indoor sensor fault - check the connector.', 'E4: outdoor fan fault - check the capacitor.', 'Water leak: check the drain slope.'], byMain: false },
];

/** Knowledge-base demo items, each a real PDF file in DATA_DIR/uploads owned by the demo vendor. */
export async function seedDemoAccounts(ctx: DemoContext) {
  for (const [i, item] of ITEMS.entries()) {
    const path = newStoredPath('knowledge', 'pdf');
    const abs = absoluteFor(ctx.dataDir, path)!;
    const bytes = simplePdf(item.lines);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, bytes);
    const userId = item.byMain ? ctx.mainUserId : ctx.subUserId;
    const at = new Date(Date.now() - (ITEMS.length - i) * 3600_000).toISOString();
    await ctx.db.insertInto('files').values({ vendor_id: ctx.vendorId, user_id: userId, dir: 'knowledge', path, original_name: item.name, size: bytes.length, created_at: at }).execute();
    await ctx.db
      .insertInto('knowledge_items')
      .values({ vendor_id: ctx.vendorId, created_by: userId, title: item.title, file_url: path, file_type: fileTypeCode(path), created_at: at })
      .execute();
  }
}
