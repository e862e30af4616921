import type { Kysely } from 'kysely';

// Decision 296 (review integrations #3): webhook attempts stored Node's English error (`connect
// ECONNREFUSED …`, `socket hang up`, `no complete answer within 10000 ms`, `HTTP 302`, `endpoint removed`)
// and 发送记录 showed it as it was. The worker now records a Chinese reason; this rewrites the reasons
// already stored (at most 30 days of them: the purge takes the rest) with the texts of that day, copied
// here because a migration does not import the app. A reason already in Chinese stays, but the old
// private-address text gains its hint; an old timeout kept no status, so it says 未收到应答.

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

const CLOSED = '对方关闭了连接，未返回应答：请检查接收服务';
const TLS = 'HTTPS 证书校验失败：请为接收地址配置有效的证书';

/** The Chinese reason for a stored one, or null to leave it. */
function reasonFor(stored: string): string | null {
  if (stored === '接收地址指向内网或保留地址，已拒绝发送') return '接收地址指向内网或保留地址，已拒绝发送：请填写公网地址';
  if (/[\u4e00-\u9fff]/.test(stored)) return null;
  const http = /^HTTP (\d{3})$/.exec(stored);
  if (http) {
    const status = Number(http[1]);
    return status >= 300 && status < 400 ? `返回${status}重定向：推送不跟随重定向，请填写最终地址` : `返回状态码${status}：须返回 2xx 才算送达，请检查接收服务`;
  }
  const timeout = /^no complete answer within (\d+) ms$/.exec(stored);
  if (timeout) {
    const s = seconds(Number(timeout[1]));
    return `${s}秒内未收到应答：请在${s}秒内返回完整应答`;
  }
  if (stored === 'endpoint removed') return '接收地址已删除，事件未发送';
  if (stored === 'socket hang up' || stored === 'aborted') return CLOSED;
  if (/certificate|SSL|TLS/i.test(stored)) return TLS;
  const code = /\b(E[A-Z0-9_]{2,})\b/.exec(stored)?.[1] ?? null;
  if (code === 'ECONNREFUSED') return '连接被拒绝：接收地址的端口上没有服务在监听，请检查地址、端口和接收服务';
  if (code && ['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(code)) return CLOSED;
  if (code && ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA'].includes(code)) return '域名无法解析：请检查接收地址的域名';
  if (code && ['EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL'].includes(code)) return '无法连接到接收地址：网络不可达或连接超时，请检查地址和防火墙';
  if (code === 'EPROTO') return TLS;
  return code ? `网络错误（${code}），未能完成发送：请检查接收服务` : '网络错误，未能完成发送：请检查接收服务';
}

async function rewrite(db: Kysely<any>, table: string, column: string) {
  const rows: Array<{ reason: string }> = await db.selectFrom(table).select(`${column} as reason`).distinct().where(column, 'is not', null).execute();
  for (const { reason } of rows) {
    const next = reasonFor(reason);
    if (next !== null && next !== reason) await db.updateTable(table).set({ [column]: next }).where(column, '=', reason).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewrite(db, 'webhook_deliveries', 'last_error');
  await rewrite(db, 'webhook_attempts', 'error');
}

// The English texts are not kept; going back leaves the Chinese ones, which the older code shows as they are.
export async function down(): Promise<void> {}
