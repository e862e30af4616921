import { beforeEach, describe, expect, test, vi } from 'vitest';

type Mod = typeof import('./notifier');
let mod: Mod;
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./notifier');
});

/** A stand-in for App.useApp()'s API, recording calls. */
function fakeApp() {
  const calls: string[] = [];
  const hide = vi.fn();
  const part = (name: string) =>
    new Proxy({}, { get: (_t, method: string) => (text: string) => (calls.push(`${name}.${method} ${text}`), hide) });
  return { api: { message: part('message'), modal: part('modal'), notification: part('notification') } as never, calls, hide };
}

describe('notifier (decision 183)', () => {
  test('a call made while no <App> is mounted asks the host for one and runs once it is bound', () => {
    const host = vi.fn();
    mod.setNotifierHost(host);
    mod.notifier().message.error('账号或密码错误');
    expect(host).toHaveBeenCalledTimes(1);
    const app = fakeApp();
    mod.bindNotifier(app.api, { transient: true });
    expect(app.calls).toEqual(['message.error 账号或密码错误']);
    // bound: later calls go straight to it
    mod.notifier().message.success('ok');
    expect(app.calls).toEqual(['message.error 账号或密码错误', 'message.success ok']);
  });

  test('the close function of a waiting call cancels it, or closes what it showed', () => {
    const hideEarly = mod.notifier().message.loading('下载中', 0) as unknown as () => void;
    hideEarly();
    const hideLate = mod.notifier().message.loading('下载中', 0) as unknown as () => void;
    const app = fakeApp();
    mod.bindNotifier(app.api);
    expect(app.calls).toEqual(['message.loading 下载中']);
    hideLate();
    expect(app.hide).toHaveBeenCalledTimes(1);
  });

  test('notifyNext shows on a lasting <App> now, and waits past a sign-in screen’s own', () => {
    const signIn = fakeApp();
    const release = mod.bindNotifier(signIn.api, { transient: true });
    mod.notifyNext((a) => a.message.success('登录成功'));
    expect(signIn.calls).toEqual([]);
    release();
    const frame = fakeApp();
    mod.bindNotifier(frame.api);
    expect(frame.calls).toEqual(['message.success 登录成功']);
    mod.notifyNext((a) => a.message.success('再次'));
    expect(frame.calls).toEqual(['message.success 登录成功', 'message.success 再次']);
  });
});
