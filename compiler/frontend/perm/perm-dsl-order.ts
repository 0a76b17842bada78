// Checks that a `.perm` file decides in page order although it compiles with JSON object order.
import { diagnostic, type Diagnostic } from "../../diagnostics/index.js";
import type { Span } from "../../ir.js";
import { mayOverlap } from "./perm-dsl-overlap.js";

/** A live rule: where the page puts it (`page`, an index into the page's rules) and, by array position, where it compiles. */
export interface PlacedRule {
  readonly surface: string;
  readonly pattern: string;
  readonly page: number;
  /** Page index and place of the surface's first rule. */
  readonly first: number;
  readonly firstSpan: Span;
  readonly span: Span;
  readonly isDefault: boolean;
  /** Set when this is a bare family line (`path`) compiled as one of its directional members. */
  readonly sugarFor?: string;
}

/**
 * `placed` is in compiled order (lowest priority first). A rule that is
 * written after another but compiled before it is an error when both can
 * match one request: the page would say it wins, the compiled policy would
 * say it loses. Only rules that moved down are examined, so the common case
 * (nothing moved) is linear.
 */
export function checkPageOrder(
  placed: readonly PlacedRule[],
  _pageCount: number,
  where: (span: Span) => string,
  describe: (page: number) => string,
): Diagnostic[] {
  const byPage = placed.map((p, compiled) => ({ ...p, compiled })).sort((a, b) => a.page - b.page);
  const out: Diagnostic[] = [];
  let maxCompiled = -1;
  for (let j = 0; j < byPage.length; j++) {
    const later = byPage[j]!;
    if (later.compiled > maxCompiled) {
      maxCompiled = later.compiled;
      continue;
    }
    const beaten = byPage.slice(0, j).find((earlier) => earlier.compiled > later.compiled && overlaps(earlier, later));
    if (!beaten) continue;
    const notes = later.isDefault
      ? ["the default is checked before every rule, wherever it is written"]
      : [
          "rules compile as a JSON config orders them: a surface's rules are checked together where its first rule is written, " +
            "a repeated rule keeps its first line's place, and integer-like names and patterns go first",
        ];
    if (!later.isDefault && later.first !== later.page)
      notes.push(`the first ${quoteSurface(later.sugarFor ?? later.surface)} rule is at ${where(later.firstSpan)}`);
    const family = later.sugarFor ?? beaten.sugarFor;
    if (family !== undefined) {
      notes.push(
        `a bare ${quoteSurface(family)} rule stands for ${quoteSurface(family + "_read")} and ${quoteSurface(family + "_write")}, and is checked before every explicit ${quoteSurface(family + "_read")}/${quoteSurface(family + "_write")} rule of the scope`,
      );
    }
    out.push(
      diagnostic(
        "ruleOutOfOrder",
        `${describe(later.page)} is written after ${describe(beaten.page)} (${where(beaten.span)}) but is checked before it`,
        later.span,
        {
          help: later.isDefault
            ? "move `default` to the top of the file"
            : `move this rule above ${describe(beaten.page)}, next to the other ${quoteSurface(later.sugarFor ?? later.surface)} rules`,
          notes,
        },
      ),
    );
  }
  return out;
}

function quoteSurface(s: string): string {
  return "`" + s + "`";
}

function overlaps(a: PlacedRule, b: PlacedRule): boolean {
  if (a.isDefault || b.isDefault) return true;
  return mayOverlap(a.surface, b.surface) && mayOverlap(a.pattern, b.pattern);
}
