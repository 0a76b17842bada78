/**
 * Two honest interpreters of the same semantics, for side-by-side ratios.
 * (a) the reference's way: a RegExp built from the wildcard for every rule on
 *     every call, every rule tested, the last match wins;
 * (b) a careful interpreter: regexes compiled once, scanned from the last
 *     rule, stopping at the first match.
 */

export interface BenchRule {
  readonly surface: string;
  readonly pattern: string;
  readonly action: string;
}

export function wildcardSource(pattern: string): string {
  const body = pattern
    .split("*")
    .map((piece) => piece.replace(/[.+^${}()|[\]\\?]/g, (c) => (c === "?" ? "." : "\\" + c)))
    .join(".*");
  return "^" + (body.endsWith(" .*") ? body.slice(0, -3) + "( .*)?" : body) + "$";
}

export function referenceStyle(rules: readonly BenchRule[]): (surface: string, value: string) => string {
  return (surface, value) => {
    let winner = "ask";
    for (const r of rules) {
      if (new RegExp(wildcardSource(r.surface), "s").test(surface) && new RegExp(wildcardSource(r.pattern), "s").test(value)) {
        winner = r.action;
      }
    }
    return winner;
  };
}

export function carefulInterpreter(rules: readonly BenchRule[]): (surface: string, value: string) => string {
  const compiled = rules.map((r) => ({
    surface: new RegExp(wildcardSource(r.surface), "s"),
    pattern: new RegExp(wildcardSource(r.pattern), "s"),
    action: r.action,
  }));
  return (surface, value) => {
    for (let i = compiled.length - 1; i >= 0; i--) {
      const r = compiled[i]!;
      if (r.surface.test(surface) && r.pattern.test(value)) return r.action;
    }
    return "ask";
  };
}
