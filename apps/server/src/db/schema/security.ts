/** One rate-limit window of one key (route and client address), decision 119. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** ms since the epoch when the window ends */
  reset_at: number;
}

/** Who runs a periodic job until when (decision 120). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  until: number;
}

/** The signature of an accepted write, until its timestamp leaves the window (decision 225). */
export interface SignatureUsesTable {
  signature: string;
  /** UTC ISO text */
  expires_at: string;
}

export interface SecurityTables {
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  signature_uses: SignatureUsesTable;
}
