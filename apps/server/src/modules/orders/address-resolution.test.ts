import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';

// Orders review #6: 地址识别 of an e-commerce virtual number answers mobile [number, extension] (the order
// form ticks 虚拟号 and fills 分机号 from mobile[1]), and neither the name nor the detail keeps the
// number, its separator or the extension.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
});
afterAll(async () => t.close());

const resolve = async (text: string) => {
  const r = await post(t, API.areaResolution(text), {}, { token: v.token });
  expect(r.body.code).toBe(200);
  return r.body.data[0] as { name: string; mobile: string[]; xzq: { code: string } | null; detail: string };
};

describe('地址识别 with a virtual number', () => {
  const samples: Array<[string, { name: string; mobile: string[]; code: string; detail: string }]> = [
    ['浙江省杭州市西湖区文三路90号 赵六 18612345678-1234', { name: '赵六', mobile: ['18612345678', '1234'], code: '330106', detail: '文三路90号' }],
    ['江苏省南京市鼓楼区中山路1号 孙七 13800001111 转 5678', { name: '孙七', mobile: ['13800001111', '5678'], code: '320106', detail: '中山路1号' }],
    ['收货人：周八，手机号码：15912345678，5678，广东省深圳市南山区科技园南区高新南一道9号', { name: '周八', mobile: ['15912345678', '5678'], code: '440305', detail: '科技园南区高新南一道9号' }],
    ['吴九 17712345678#5678 四川省成都市武侯区天府大道北段1700号', { name: '吴九', mobile: ['17712345678', '5678'], code: '510107', detail: '天府大道北段1700号' }],
    ['郑十 13912345678-4321 北京市朝阳区建国路88号SOHO现代城2号楼1201室', { name: '郑十', mobile: ['13912345678', '4321'], code: '110105', detail: '建国路88号SOHO现代城2号楼1201室' }],
    ['收货人: 王小二 手机号码: 18800001111转2468 所在地区: 上海市浦东新区 详细地址: 张杨路500号', { name: '王小二', mobile: ['18800001111', '2468'], code: '310115', detail: '张杨路500号' }],
    ['湖北省武汉市洪山区珞喻路1037号 冯十一 13512345678 分机号：0123', { name: '冯十一', mobile: ['13512345678', '0123'], code: '420111', detail: '珞喻路1037号' }],
  ];
  for (const [text, want] of samples) {
    it(text, async () => {
      const r = await resolve(text);
      expect({ name: r.name, mobile: r.mobile, code: r.xzq?.code, detail: r.detail }).toEqual(want);
    });
  }

  it('a plain number, or one followed by a postcode, answers the number alone', async () => {
    expect(await resolve('钱一 13812345678，200031 上海市黄浦区南京东路1号')).toMatchObject({ name: '钱一', mobile: ['13812345678'], detail: '南京东路1号' });
    expect(await resolve('收货人：张三 手机：13912345678 上海市闵行区莲花南路1500弄')).toMatchObject({ name: '张三', mobile: ['13912345678'], xzq: { code: '310112' } });
  });
});
