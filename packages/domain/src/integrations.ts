// Open API keys and webhooks (issue 18, 账户信息 → 开放接口, main account only; decisions 168–172).
import { z } from 'zod';
import type { apiKeyRow, webhookDeliveryRow, webhookRow } from './contract/integrations';


/** Headers of a server-to-server call signed with an API key (decision 168). */
export const APIKEY_HEADER = 'apikey';
/** At most this many live keys and endpoints per vendor. */
export const API_KEYS_MAX = 10;
export const WEBHOOKS_MAX = 10;
export const WEBHOOK_URL_MAX = 500;
export const API_KEY_NAME_MAX = 30;

export const INTEGRATION_MSG = {
  keyNameTooLong: `名称最多输入${API_KEY_NAME_MAX}个字符`,
  keysLimit: `最多创建${API_KEYS_MAX}个密钥`,
  keyCreated: '密钥已创建，请立即复制保存，关闭后将无法再次查看',
  keyRevoked: '密钥已停用',
  keyInvalid: 'API密钥无效或已停用',
  keyRouteRefused: '该接口不支持API密钥调用',
  urlRequired: '请输入接收地址',
  urlInvalid: '接收地址须为 http:// 或 https:// 开头的完整网址',
  urlTooLong: `接收地址最多输入${WEBHOOK_URL_MAX}个字符`,
  urlPrivate: '接收地址不能指向内网、本机或保留地址',
  urlUnresolvable: '接收地址的域名无法解析',
  eventsRequired: '请至少选择一个事件',
  eventUnknown: '事件类型不正确',
  webhooksLimit: `最多添加${WEBHOOKS_MAX}个接收地址`,
  testSent: '测试事件已发送',
  redeliverQueued: '已重新加入发送队列',
  redeliverPending: '该事件正在发送，请稍后在发送记录中查看结果',
  saved: '保存成功',
  removed: '删除成功',
} as const;

/** Events a webhook can subscribe to, with their Chinese names (the screen's checkboxes). */
export const WEBHOOK_EVENTS = [
  { value: 'order.node_changed', label: '订单节点变化' },
  { value: 'after_sales.decided', label: '售后审核结果' },
  { value: 'wallet.moved', label: '钱包资金变动' },
  { value: 'wallet.topup_decided', label: '充值审核结果' },
  { value: 'order.rated', label: '客户评价' },
  { value: 'extra_fee.requested', label: '加价申请待确认' },
  { value: 'extra_fee.decided', label: '加价申请处理结果' },
  { value: 'order.appointment_failed', label: '预约失败' },
  { value: 'order.timeliness_credited', label: '时效赔付' },
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]['value'] | 'webhook.test';
export const WEBHOOK_EVENT_TYPES: readonly string[] = WEBHOOK_EVENTS.map((e) => e.value);
export const webhookEventLabel = (v: string) => WEBHOOK_EVENTS.find((e) => e.value === v)?.label ?? (v === 'webhook.test' ? '测试事件' : v);

/** Delivery states of the log. */
export const WEBHOOK_DELIVERY_STATUS = [
  { value: 'pending', label: '待发送' },
  { value: 'delivered', label: '已送达' },
  { value: 'failed', label: '发送失败' },
] as const;
export const webhookDeliveryLabel = (v: string) => WEBHOOK_DELIVERY_STATUS.find((s) => s.value === v)?.label ?? v;

/**
 * Where a pending delivery stands (decision 297): queued (due, not yet taken — its first attempt, or
 * after 重新发送 or a retry time that has come), sending (a worker holds it now), retry (a failed
 * attempt, the next one at `nextAt`).
 */
export const WEBHOOK_PENDING_PHASE = [
  { value: 'queued', label: '待发送' },
  { value: 'sending', label: '发送中' },
  { value: 'retry', label: '等待重试' },
] as const;
export type WebhookPendingPhase = (typeof WEBHOOK_PENDING_PHASE)[number]['value'];
export const webhookPhaseLabel = (v: string) => WEBHOOK_PENDING_PHASE.find((s) => s.value === v)?.label ?? v;

export const apiKeyCreateBody = z.object({
  name: z.string({ error: INTEGRATION_MSG.keyNameTooLong }).trim().max(API_KEY_NAME_MAX, INTEGRATION_MSG.keyNameTooLong).optional().default(''),
});

/**
 * The URL's form only; the server also resolves its host and refuses private addresses. Blanks at
 * the ends are trimmed; a blank or control character inside is refused (a URL parser would silently
 * drop a tab or line break). The address kept is the parsed one (`href`), exactly what is checked
 * and what each delivery connects to.
 */
export const webhookUrl = z
  .string({ error: INTEGRATION_MSG.urlRequired })
  .trim()
  .min(1, INTEGRATION_MSG.urlRequired)
  .max(WEBHOOK_URL_MAX, INTEGRATION_MSG.urlTooLong)
  .refine((v) => {
    if (/[\s\u0000-\u001f\u007f]/.test(v)) return false;
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
    } catch {
      return false;
    }
  }, INTEGRATION_MSG.urlInvalid)
  .transform((v) => new URL(v).href)
  .refine((v) => v.length <= WEBHOOK_URL_MAX, INTEGRATION_MSG.urlTooLong);

export const webhookEvents = z
  .array(z.string({ error: INTEGRATION_MSG.eventUnknown }).refine((v) => WEBHOOK_EVENT_TYPES.includes(v), INTEGRATION_MSG.eventUnknown), { error: INTEGRATION_MSG.eventsRequired })
  .min(1, INTEGRATION_MSG.eventsRequired)
  .max(WEBHOOK_EVENTS.length * 2, INTEGRATION_MSG.eventUnknown)
  .transform((v) => [...new Set(v)]);

export const webhookBody = z.object({ url: webhookUrl, events: webhookEvents });
export type WebhookBody = z.infer<typeof webhookBody>;

/** An API key as listed (the secret is never shown again), an endpoint, a delivery of the log. */
export type ApiKeyRow = z.infer<typeof apiKeyRow>;
export type WebhookRow = z.infer<typeof webhookRow>;
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

/** The open API section of the OpenAPI description (/api/openapi.json); docs/integration.md says it at length. */
export const INTEGRATION_OPENAPI_DOC = `## 开放接口：API 密钥（服务器对服务器调用）
主账号在「账户信息 → 开放接口」创建密钥，得到 \`keyId\`（ak_…）与只显示一次的 \`secret\`（sk_…，服务端只存其哈希）。调用时带请求头
\`apikey: <keyId>\`、\`timestamp\`、\`signature\`，签名公式与上文相同，只是以 secret 为 HMAC 密钥、以 keyId 代替 token：

\`\`\`
signature = hex(HMAC-SHA256(secret, METHOD \\n PATH \\n SORTED_QUERY \\n timestamp \\n keyId \\n hex(SHA-256(body))))
\`\`\`

以主账号身份可调用：下单 \`POST /api/app/order/add\`、支付 \`POST /api/app/order/pay/{id}\`、详情 \`GET /api/app/order/{id}\`、列表
\`GET /api/app/order/list\`、取消 \`POST /api/app/order/cancel\`、产品列表 \`GET /api/app/products/list\`、加价申请的查看与审批（\`GET /api/app/extraFees/order/{orderId}\`、\`POST /api/app/extraFees/approve/{id}\`、\`POST /api/app/extraFees/reject/{id}\`）；其他接口 code 403。密钥停用后 code 401。
每个密钥每个时间窗有调用次数上限（RATE_LIMIT_APIKEY，默认每 60 秒 600 次），超出时 code 400 与 Retry-After；只有签名正确的调用计入密钥，签名错误的调用按来源地址计数（同一上限）。

\`\`\`js
import { createHash, createHmac } from 'node:crypto';
const sha256 = (s) => createHash('sha256').update(s).digest('hex');
const text = JSON.stringify(order), timestamp = String(Date.now());
const signature = createHmac('sha256', SECRET).update(['POST', '/api/app/order/add', '', timestamp, KEY_ID, sha256(text)].join('\\n')).digest('hex');
await fetch(BASE + '/api/app/order/add', { method: 'POST', body: text, headers: { apikey: KEY_ID, timestamp, signature, 'content-type': 'application/json' } });
\`\`\`

## 开放接口：Webhook 事件推送
\`POST /api/app/webhooks {url, events}\` 登记接收地址，应答 \`{id, secret}\`（whsec_…）。发生所订阅的事件时——${WEBHOOK_EVENTS.map((e) => `${e.label}（${e.value}）`).join('、')}——平台 POST JSON \`{type, id, createdAt, data}\`，例如
\`{"type":"order.node_changed","id":"msg_…","createdAt":"2026-12-13T08:00:00.000Z","data":{"orderId":1,"orderNo":"…","status":300,"statusName":"…","node":310,"nodeName":"…","previousNode":220,"content":"…","at":"…"}}\`。
签名按 Standard Webhooks：请求头 \`webhook-id\`（事件 id，重试不变）、\`webhook-timestamp\`（秒）、\`webhook-signature: v1,<base64(HMAC-SHA256(base64 解码的 whsec_ 之后部分, id + "." + timestamp + "." + 原始请求体))>\`。
返回 2xx 即成功（不跟随重定向，3xx 视为失败，请登记最终地址），否则按指数退避重试 24 小时；同一事件可能重复送达，但 id 不变，请按 id 去重。验证示例：

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';
function verify(secret, h, rawBody) {
  if (Math.abs(Date.now() / 1000 - Number(h['webhook-timestamp'])) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const want = Buffer.from('v1,' + createHmac('sha256', key).update(h['webhook-id'] + '.' + h['webhook-timestamp'] + '.' + rawBody).digest('base64'));
  return (h['webhook-signature'] ?? '').split(' ').some((s) => Buffer.from(s).length === want.length && timingSafeEqual(Buffer.from(s), want));
}
\`\`\`

完整说明（事件字段、重试、运维设置）：仓库中的 docs/integration.md。`;
