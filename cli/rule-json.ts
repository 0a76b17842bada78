/** A rule as `diff` and `explain` print it with --format json. */
export interface RuleJson {
  readonly surface: string;
  readonly pattern: string;
  readonly action: string;
  readonly layer: string;
  readonly origin: string;
  /** `file:line:col` of the rule, when it has one (the built-in fallbacks do not). */
  readonly source: string | null;
}
