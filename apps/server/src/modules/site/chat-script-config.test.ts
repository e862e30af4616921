import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { get, startTestApp, type TestApp } from '../../../test/helper';

// Issue 48 item 11: every portal load asks for config chat_script; with no such row it answers the
// configured CHAT_SCRIPT_URL (empty: no chat), never 配置不存在. Other unknown keys still refuse.

let plain: TestApp;
let withChat: TestApp;
beforeAll(async () => {
  plain = await startTestApp();
  withChat = await startTestApp({ CHAT_SCRIPT_URL: 'https://chat.example.com/widget.js' });
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await withChat?.close();
});

it('answers chat_script with CHAT_SCRIPT_URL, empty when none is set, logged out too', async () => {
  expect((await get(plain, API.config('chat_script'))).body).toMatchObject({ code: 200, data: { configKey: 'chat_script', configValue: '' } });
  expect((await get(withChat, API.config('chat_script'))).body).toMatchObject({ code: 200, data: { configValue: 'https://chat.example.com/widget.js' } });
  expect((await get(plain, API.config('no_such_key'))).body).toMatchObject({ code: 404, msg: '配置不存在' });
});
