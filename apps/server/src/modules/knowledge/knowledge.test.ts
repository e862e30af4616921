import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { KNOWLEDGE_EXT } from '@portal/domain/files';
import { MSG, fileTypeMessage } from '@portal/domain/messages';
import { FILE_NOT_OWNED } from '@portal/domain/uploads';
import { call, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { signedFile } from '../../../test/signed-file';
import { SAMPLE, upload } from '../../../test/upload';
import { readZipEntries } from '../../../test/zip';

let t: TestApp;
let a: Awaited<ReturnType<typeof createVendor>>;
let b: Awaited<ReturnType<typeof createVendor>>;

beforeAll(async () => {
  t = await startTestApp(process.env.ACC_DEBUG ? { LOG_LEVEL: 'error' } : {});
  a = await createVendor(t);
  b = await createVendor(t);
});
afterAll(async () => t.close());

async function addItem(token: string, title: string, name = 'manual.pdf', content: Buffer = SAMPLE.pdf) {
  const up = await upload(t, token, { name, content }, 'knowledge');
  expect(up.body.code).toBe(200);
  const r = await post(t, API.baseAdd, { title, fileUrl: up.body.data!.fileUrl }, { token });
  expect(r.body).toMatchObject({ code: 200, msg: MSG.addOk });
  return { id: r.body.data.id as number, fileUrl: up.body.data!.fileUrl, content };
}

async function download(token: string, ids: unknown) {
  const res = await call(t, 'POST', API.baseDownload, { ids }, { token });
  return res.res;
}

describe('knowledge base', () => {
  it('adds, lists with keyword and paging, edits and removes', async () => {
    const one = await addItem(a.token, '安装手册');
    await addItem(a.token, '维修视频', 'clip.mp4', SAMPLE.mp4);
    await addItem(a.token, '配件清单', 'parts.docx', SAMPLE.docx);
    const all = await get(t, API.baseList, { token: a.token, query: { pageNum: 1, pageSize: 2 } });
    expect(all.body.total).toBe(3);
    expect(all.body.rows).toHaveLength(2);
    const found = await get(t, API.baseList, { token: a.token, query: { title: '手册' } });
    expect(found.body.rows).toHaveLength(1);
    expect(found.body.rows[0]).toMatchObject({ id: one.id, title: '安装手册', fileUrl: signedFile(one.fileUrl), fileType: 3, fileName: 'manual.pdf' });
    expect(found.body.rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const types = (await get(t, API.baseList, { token: a.token })).body.rows.map((r: any) => r.fileType).sort();
    expect(types).toEqual([2, 3, 4]);
    const up = await upload(t, a.token, { name: 'pic.png', content: SAMPLE.png }, 'knowledge');
    const edit = await post(t, API.baseEdit, { id: one.id, title: '安装手册v2', fileUrl: up.body.data!.fileUrl }, { token: a.token });
    expect(edit.body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    const after = (await get(t, API.baseList, { token: a.token, query: { title: 'v2' } })).body.rows[0];
    expect(after).toMatchObject({ title: '安装手册v2', fileType: 1 });
    expect((await post(t, API.baseRemove(one.id), {}, { token: a.token })).body).toMatchObject({ code: 200, msg: MSG.deleteOk });
    expect((await get(t, API.baseList, { token: a.token })).body.total).toBe(2);
    // a keyword with LIKE wildcards matches literally
    expect((await get(t, API.baseList, { token: a.token, query: { title: '%' } })).body.total).toBe(0);
  });

  it('a title with %, _ or \\ is searched as typed (LIKE … ESCAPE, decision 157)', async () => {
    const v = await createVendor(t);
    const fifty = await addItem(v.token, '折扣50%以上的配件');
    const under = await addItem(v.token, 'part_no 清单');
    const slash = await addItem(v.token, '路径 a\\b 说明');
    await addItem(v.token, '折扣500元 partXno a-b');
    const ids = async (title: string) => (await get(t, API.baseList, { token: v.token, query: { title } })).body.rows.map((r: any) => r.id);
    expect(await ids('50%')).toEqual([fifty.id]);
    expect(await ids('t_n')).toEqual([under.id]);
    expect(await ids('a\\b')).toEqual([slash.id]);
    expect(await ids('%')).toEqual([fifty.id]);
    expect(await ids('_')).toEqual([under.id]);
  });

  it('validates title and exactly one file of the allowed types', async () => {
    const up = await upload(t, a.token, { name: 'x.pdf', content: SAMPLE.pdf }, 'knowledge');
    const path = up.body.data!.fileUrl;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '', fileUrl: path }, MSG.titleRequired],
      [{ title: '   ', fileUrl: path }, MSG.titleRequired],
      [{ fileUrl: path }, MSG.titleRequired],
      [{ title: '标题', fileUrl: '' }, MSG.fileRequired],
      [{ title: '标题' }, MSG.fileRequired],
      [{ title: '标题', fileUrl: `${path},${path}` }, MSG.fileRequired],
      [{ title: '标题', fileUrl: '/common/2026/11/0123456789abcdef0123456789abcdef.txt' }, fileTypeMessage(KNOWLEDGE_EXT)],
      [{ title: '标题', fileUrl: '/knowledge/2026/11/0123456789abcdef0123456789abcdef.pdf' }, FILE_NOT_OWNED],
      [{ title: '标题', fileUrl: '../../etc/passwd.pdf' }, FILE_NOT_OWNED],
    ];
    for (const [body, msg] of cases) expect((await post(t, API.baseAdd, body, { token: a.token })).body, msg).toMatchObject({ code: 400, msg });
  });

  it("refuses another vendor's file and answers another vendor's item as not found", async () => {
    const theirs = await addItem(b.token, '别家资料');
    expect((await post(t, API.baseAdd, { title: '偷用', fileUrl: theirs.fileUrl }, { token: a.token })).body.msg).toBe(FILE_NOT_OWNED);
    const mine = await addItem(a.token, '自己的');
    expect((await post(t, API.baseEdit, { id: mine.id, title: '改', fileUrl: theirs.fileUrl }, { token: a.token })).body.msg).toBe(FILE_NOT_OWNED);
    expect((await post(t, API.baseEdit, { id: theirs.id, title: '改', fileUrl: mine.fileUrl }, { token: a.token })).body.code).toBe(404);
    expect((await post(t, API.baseRemove(theirs.id), {}, { token: a.token })).body.code).toBe(404);
    expect((await post(t, API.baseRemove('abc'), {}, { token: a.token })).body.code).toBe(404);
    const dl = await download(a.token, [theirs.id]);
    expect(dl.json().code).toBe(404);
    const mixed = await download(a.token, [mine.id, theirs.id]);
    expect(mixed.json().code).toBe(404);
    expect((await get(t, API.baseList, { token: b.token })).body.rows.map((r: any) => r.title)).toEqual(['别家资料']);
  });

  it('downloads one file as it is, several as a zip holding each', async () => {
    const v = await createVendor(t);
    const pdf = await addItem(v.token, '手册', 'm.pdf', SAMPLE.pdf);
    const png = await addItem(v.token, '图纸', 'd.png', SAMPLE.png);
    const same = await addItem(v.token, '手册', 'm2.pdf', Buffer.from('%PDF-1.7\nsecond\n'));
    const single = await download(v.token, [pdf.id]);
    expect(single.headers['content-type']).toBe('application/pdf');
    expect(single.headers['content-disposition']).toContain(encodeURIComponent('手册.pdf'));
    expect(single.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    const zip = await download(v.token, [pdf.id, png.id, same.id]);
    expect(zip.headers['content-type'], zip.body.slice(0, 200)).toBe('application/zip');
    const entries = await readZipEntries(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['图纸.png', '手册(1).pdf', '手册.pdf'].sort());
    expect(entries.get('手册.pdf')!.equals(SAMPLE.pdf)).toBe(true);
    expect(entries.get('图纸.png')!.equals(SAMPLE.png)).toBe(true);
    expect((await download(v.token, [])).json()).toMatchObject({ code: 400 });
  });
});

describe('permissions and data scope', () => {
  it('denies each key to a sub-account lacking it', async () => {
    const item = await addItem(a.token, '受保护');
    const none = await createSubAccount(t, a.vendorId);
    const readOnly = await createSubAccount(t, a.vendorId, [1, 16]);
    for (const r of [
      await get(t, API.baseList, { token: none.token }),
      await download(none.token, [item.id]).then((res) => ({ body: res.json() })),
    ]) expect(r.body).toMatchObject({ code: 403, msg: MSG.forbidden });
    for (const token of [none.token, readOnly.token]) {
      for (const r of [
        await post(t, API.baseAdd, { title: 'x', fileUrl: item.fileUrl }, { token }),
        await post(t, API.baseEdit, { id: item.id, title: 'x', fileUrl: item.fileUrl }, { token }),
        await post(t, API.baseRemove(item.id), {}, { token }),
      ]) expect(r.body).toMatchObject({ code: 403, msg: MSG.forbidden });
    }
    expect((await get(t, API.baseList, { token: readOnly.token })).body.code).toBe(200);
  });

  it('with data scope own a sub-account sees, downloads and changes only its own items', async () => {
    const v = await createVendor(t);
    const mainItem = await addItem(v.token, '主账号资料');
    const own = await createSubAccount(t, v.vendorId, [[1, 0], [16, 1], [161, 0]]);
    const allScope = await createSubAccount(t, v.vendorId, [[1, 0], [16, 0], [161, 0]]);
    const mine = await addItem(own.token, '子账号资料');
    const list = await get(t, API.baseList, { token: own.token });
    expect(list.body.rows.map((r: any) => r.title)).toEqual(['子账号资料']);
    expect(list.body.total).toBe(1);
    expect((await get(t, API.baseList, { token: allScope.token })).body.total).toBe(2);
    expect((await download(own.token, [mainItem.id])).json().code).toBe(404);
    expect((await post(t, API.baseRemove(mainItem.id), {}, { token: own.token })).body.code).toBe(404);
    expect((await post(t, API.baseEdit, { id: mainItem.id, title: 'x', fileUrl: mainItem.fileUrl }, { token: own.token })).body.code).toBe(404);
    expect((await download(own.token, [mine.id])).rawPayload.equals(SAMPLE.pdf)).toBe(true);
    expect((await post(t, API.baseRemove(mine.id), {}, { token: own.token })).body.code).toBe(200);
  });
});
