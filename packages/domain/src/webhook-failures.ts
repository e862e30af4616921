// Why a webhook attempt did not deliver, in the words 发送记录 shows (review integrations #3, decision 296).
// The delivery worker records the text with the attempt; each says what the receiver's owner can fix.

export type WebhookFailure =
  /** Answered with a status that is neither 2xx nor 3xx. */
  | { kind: 'status'; status: number }
  /** Answered 3xx: redirects are never followed (decision 171). */
  | { kind: 'redirect'; status: number }
  /** The whole answer did not arrive within the deadline; `status` when its headers did. */
  | { kind: 'timeout'; seconds: number; status: number | null }
  | { kind: 'refused' }
  /** The receiver closed the connection; `status` when it did so in the middle of its answer. */
  | { kind: 'closed'; status: number | null }
  | { kind: 'unresolvable' }
  | { kind: 'unreachable' }
  | { kind: 'tls' }
  | { kind: 'private' }
  | { kind: 'removed' }
  /** Any other network error; `code` is the system's error code (ECONNABORTED, …) when there is one. */
  | { kind: 'other'; code: string | null };

const secondsText = (s: number) => String(Math.round(s * 10) / 10);

export function webhookFailureText(f: WebhookFailure): string {
  switch (f.kind) {
    case 'status':
      return `返回状态码${f.status}：须返回 2xx 才算送达，请检查接收服务`;
    case 'redirect':
      return `返回${f.status}重定向：推送不跟随重定向，请填写最终地址`;
    case 'timeout':
      return f.status === null
        ? `${secondsText(f.seconds)}秒内未收到应答：请在${secondsText(f.seconds)}秒内返回完整应答`
        : `${secondsText(f.seconds)}秒内未收到完整应答（已收到状态码${f.status}）：请在${secondsText(f.seconds)}秒内结束应答`;
    case 'refused':
      return '连接被拒绝：接收地址的端口上没有服务在监听，请检查地址、端口和接收服务';
    case 'closed':
      return f.status === null ? '对方关闭了连接，未返回应答：请检查接收服务' : `对方在应答结束前关闭了连接（已收到状态码${f.status}）：请检查接收服务`;
    case 'unresolvable':
      return '域名无法解析：请检查接收地址的域名';
    case 'unreachable':
      return '无法连接到接收地址：网络不可达或连接超时，请检查地址和防火墙';
    case 'tls':
      return 'HTTPS 证书校验失败：请为接收地址配置有效的证书';
    case 'private':
      return '接收地址指向内网或保留地址，已拒绝发送：请填写公网地址';
    case 'removed':
      return '接收地址已删除，事件未发送';
    case 'other':
      return f.code ? `网络错误（${f.code}），未能完成发送：请检查接收服务` : '网络错误，未能完成发送：请检查接收服务';
  }
}

/** Failures no retry can cure: the delivery is failed at once (decision 297). */
export const webhookFailureIsFinal = (f: WebhookFailure) => f.kind === 'private' || f.kind === 'removed';

/**
 * The merchant's notification when an endpoint's delivery is given up (decision 297): once a failure
 * episode, naming the address, the reason and where to look.
 */
export const webhookGaveUpText = (url: string, reason: string) =>
  `Webhook 接收地址 ${url} 的事件推送失败，已停止重试。原因：${reason}。请修复接收服务后，在 账户信息 → 开放接口 → Webhook 推送 → 发送记录 中查看并重新发送`;

/** The redirect rule (decision 171) as the help box and the dialog say it. */
export const WEBHOOK_NO_REDIRECT = '推送不跟随重定向（返回 3xx 视为失败），请填写最终地址，例如 http 跳转到 https 时直接填写 https 地址';
