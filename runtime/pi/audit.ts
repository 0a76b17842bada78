export type Outcome = "allowed" | "blocked" | "errors";

export interface AuditCounts {
  toolCalls: number;
  allowed: number;
  blocked: number;
  errors: number;
}

/**
 * Per-session decision counters. Every call through the fail-closed boundary
 * counts once in `toolCalls` and once in exactly one outcome, so the summary
 * can check `toolCalls = allowed + blocked + errors`; a mismatch means a call
 * escaped the boundary.
 */
export class Audit {
  private counts: AuditCounts = { toolCalls: 0, allowed: 0, blocked: 0, errors: 0 };

  begin(): void {
    this.counts.toolCalls++;
  }

  record(outcome: Outcome): void {
    this.counts[outcome]++;
  }

  snapshot(): AuditCounts & { consistent: boolean } {
    const c = { ...this.counts };
    return { ...c, consistent: c.toolCalls === c.allowed + c.blocked + c.errors };
  }

  reset(): void {
    this.counts = { toolCalls: 0, allowed: 0, blocked: 0, errors: 0 };
  }
}
