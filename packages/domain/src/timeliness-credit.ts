import { z } from 'zod';
import { serviceType } from './enums';
import { fenToYuanText, yuanToFen } from './money';
import { SLA_STAGE, slaStageLabel, type SlaStage } from './sla';

// Automatic timeliness credit (时效赔付, issue 46; decisions 257–259). The console keeps one rule per
// service type and timeliness stage: the platform's promise (hours; none: the platform-wide targets)
// and what the merchant is credited when the stage is missed — a fixed amount, or a share of what
// the order cost with a cap. The credit is paid once per order and stage (a unique index).

export const CREDIT_STAGES: readonly SlaStage[] = [SLA_STAGE.accept, SLA_STAGE.appointment, SLA_STAGE.checkIn, SLA_STAGE.completion, SLA_STAGE.urgent];
export const creditStageOptions = CREDIT_STAGES.map((s) => ({ value: s, label: slaStageLabel(s) }));

export const CREDIT_KIND = { fixed: 'fixed', share: 'share' } as const;
export type CreditKind = (typeof CREDIT_KIND)[keyof typeof CREDIT_KIND];
export const creditKindLabel = (k: string) => (k === 'fixed' ? '固定金额' : k === 'share' ? '按订单金额比例' : k);

/** The largest single credit, ¥10,000 (a typo in the console must not pay a fortune). */
export const CREDIT_MAX_FEN = 1_000_000;

export const CREDIT_MSG = {
  serviceTypeRequired: '请选择服务类型',
  stageRequired: '请选择时效阶段',
  promiseInvalid: '承诺时效请输入1到720之间的整数小时',
  checkInPromiseInvalid: '上门承诺请输入0到72之间的整数小时（预约时段结束后）',
  urgentPromiseFixed: '加急时效按加急类型（12/24小时）计算，不能另设承诺时效',
  kindRequired: '请选择赔付方式',
  amountInvalid: '赔付金额请输入0.01到10000之间的金额，最多两位小数',
  percentInvalid: '赔付比例请输入1到100之间的整数',
  capInvalid: '赔付上限请输入0.01到10000之间的金额，最多两位小数',
  ruleNotFound: '赔付规则不存在',
  saved: '保存成功',
  removed: '已删除',
} as const;

const money = (msg: string) =>
  z.union([z.string(), z.number()], { error: msg })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && yuanToFen(v) >= 1 && yuanToFen(v) <= CREDIT_MAX_FEN, msg)
    .transform((v) => yuanToFen(v));

/** POST /api/platform/timeliness/rules: one rule, created or replaced for its service type and stage. */
export const creditRuleBody = z
  .object({
    serviceType: z.coerce.number({ error: CREDIT_MSG.serviceTypeRequired }).int().refine((v) => serviceType.has(v), CREDIT_MSG.serviceTypeRequired),
    stage: z.string({ error: CREDIT_MSG.stageRequired }).refine((v): v is SlaStage => (CREDIT_STAGES as readonly string[]).includes(v), CREDIT_MSG.stageRequired),
    /** hours; empty: the platform-wide target. At 待上门: hours after the window's end (0: at its end). */
    promiseHours: z.union([z.number(), z.string(), z.null()]).optional().transform((v) => (v === undefined || v === null || v === '' ? null : Number(v))),
    kind: z.enum(['fixed', 'share'], { error: CREDIT_MSG.kindRequired }),
    amount: money(CREDIT_MSG.amountInvalid).optional(),
    percent: z.coerce.number({ error: CREDIT_MSG.percentInvalid }).int(CREDIT_MSG.percentInvalid).min(1, CREDIT_MSG.percentInvalid).max(100, CREDIT_MSG.percentInvalid).optional(),
    cap: money(CREDIT_MSG.capInvalid).optional(),
  })
  .superRefine((b, ctx) => {
    const p = b.promiseHours;
    if (p !== null) {
      if (b.stage === 'urgent') ctx.addIssue({ code: 'custom', message: CREDIT_MSG.urgentPromiseFixed });
      else if (b.stage === 'checkIn' ? !(Number.isInteger(p) && p >= 0 && p <= 72) : !(Number.isInteger(p) && p >= 1 && p <= 720))
        ctx.addIssue({ code: 'custom', message: b.stage === 'checkIn' ? CREDIT_MSG.checkInPromiseInvalid : CREDIT_MSG.promiseInvalid });
    }
    if (b.kind === 'fixed' && b.amount === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MSG.amountInvalid });
    if (b.kind === 'share' && b.percent === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MSG.percentInvalid });
    if (b.kind === 'share' && b.cap === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MSG.capInvalid });
  });
export type CreditRuleBody = z.infer<typeof creditRuleBody>;

/** A rule as stored (fen). */
export interface CreditRuleFen {
  kind: string;
  amount_fen: number;
  percent: number;
  cap_fen: number;
}

/** The credit for an order that cost `paidFen` under `rule`, in fen (0: nothing to pay). */
export function creditFen(rule: CreditRuleFen, paidFen: number): number {
  if (rule.kind === 'fixed') return Math.min(Number(rule.amount_fen), CREDIT_MAX_FEN);
  const share = Math.floor((Math.max(0, paidFen) * Number(rule.percent)) / 100);
  return Math.min(share, Number(rule.cap_fen), CREDIT_MAX_FEN);
}

/** The rule's credit in words: `¥20.00` / `订单金额的10%，最多¥50.00`. */
export function creditText(rule: CreditRuleFen): string {
  return rule.kind === 'fixed' ? `¥${fenToYuanText(Number(rule.amount_fen))}` : `订单金额的${rule.percent}%，最多¥${fenToYuanText(Number(rule.cap_fen))}`;
}

/** A stage's time limit in words: 待上门时效 — 加急时效 is one already (never 加急时效时效). */
const STAGE_TIME: Record<SlaStage, string> = { accept: '待接单时效', appointment: '待预约时效', checkIn: '待上门时效', completion: '待完工时效', urgent: '加急时效' };
const stageTime = (stage: string) => STAGE_TIME[stage as SlaStage] ?? `${slaStageLabel(stage)}时效`;

/** The credit's ledger remark: 时效赔付：待上门超时 / 时效赔付：加急时效超时. */
export const creditRemark = (stage: string) => `时效赔付：${slaStageLabel(stage)}超时`;

/** The credit's log line (also its notification and webhook text); `dueText`: the due time in Shanghai time. */
export const creditLogText = (stage: string, dueText: string, amountFen: number) =>
  `平台${stageTime(stage)}超时（应于 ${dueText} 前完成），自动赔付¥${fenToYuanText(amountFen)}已转入账户余额`;

/** The order-log relevance type of a credit. */
export const CREDIT_RELEVANCE = 'timeliness_credit';
