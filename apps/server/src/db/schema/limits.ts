// Counters that enforce limits, each claimed in one atomic statement (decision 112).

/** One row per phone: the last SMS sent and how many went out on `day` (Shanghai date). */
export interface SmsSendLimitsTable {
  phone: string;
  day: string;
  day_count: number;
  last_sent_at: string;
}

/** Password attempts per login name (`subject`, e.g. main:139…) and client address (`source`, '*' = all). */
export interface LoginFailuresTable {
  subject: string;
  source: string;
  failures: number;
  last_at: string;
}

export interface LimitTables {
  sms_send_limits: SmsSendLimitsTable;
  login_failures: LoginFailuresTable;
}
