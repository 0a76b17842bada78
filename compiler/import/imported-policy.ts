// What every importer produces: an ordered rule list in permc's own terms
// (last match wins), the notes on what did not translate exactly, and the
// inline tests; plus the two renderings (`.perm` and pi JSON) through the
// existing converter, so an import prints exactly what `permc convert` would.
import type { Action, Span } from "../ir.js";
import { printJson, printPerm } from "../print/perm-dsl-print.js";
import type { InlineTest, PatternEntry, ScopeDocument, SurfaceEntry } from "../frontend/scope-document.js";

export type ImportFormat = "claude" | "opencode" | "codex" | "gemini";

export interface ImportedRule {
  readonly surface: string;
  readonly pattern: string;
  readonly action: Action;
  readonly reason?: string;
  /** The source rule it was translated from, where the importer names one (as its notes do). */
  readonly source?: string;
}

/**
 * `inexact`: translated, but the permc rule matches a different set of values
 * (the message says which way); `dropped`: no permc rule was written;
 * `assumed`: a choice the source format leaves open (defaults, roots).
 */
export type NoteKind = "inexact" | "dropped" | "assumed" | "info";

export interface ImportNote {
  readonly kind: NoteKind;
  /** The source rule or key as written, when the note is about one. */
  readonly source?: string;
  readonly message: string;
  /**
   * The import is more permissive here than the source: a deny or ask (or a
   * mode that denies or asks) is lost or covers less, or an allow covers
   * more. `permc import` refuses such an import unless --accept-lossy.
   */
  readonly widens?: true;
}

export interface ImportedTest {
  readonly surface: string;
  readonly value: string;
  readonly expect: Action;
}

export interface ImportResult {
  readonly format: ImportFormat;
  readonly file: string;
  readonly defaultAction: Action;
  readonly rules: readonly ImportedRule[];
  readonly tests: readonly ImportedTest[];
  /** Comment lines for the top of the `.perm` output (ordering, assumptions). */
  readonly header: readonly string[];
  readonly notes: readonly ImportNote[];
}

/** Collects notes and rules while an importer walks its source. */
export class ImportBuilder {
  readonly rules: ImportedRule[] = [];
  readonly notes: ImportNote[] = [];
  readonly tests: ImportedTest[] = [];
  readonly header: string[] = [];

  rule(surface: string, pattern: string, action: Action, reason?: string): void {
    this.rules.push(reason === undefined ? { surface, pattern, action } : { surface, pattern, action, reason });
  }

  note(kind: NoteKind, message: string, source?: string, widens = false): void {
    this.notes.push({ kind, ...(source !== undefined ? { source } : {}), message, ...(widens ? { widens: true as const } : {}) });
  }

  test(surface: string, value: string, expect: Action): void {
    if (!this.tests.some((t) => t.surface === surface && t.value === value)) this.tests.push({ surface, value, expect });
  }

  finish(format: ImportFormat, file: string, defaultAction: Action): ImportResult {
    return { format, file, defaultAction, rules: this.rules, tests: this.tests, header: this.header, notes: this.notes };
  }
}

const NO_SPAN = (file: string): Span => ({ file, start: 0, end: 0 });

/** A pattern key that JSON objects enumerate first (an array index): its place in a map is not its place on the page. */
const INDEX_KEY = /^(0|[1-9]\d{0,8})$/;

/**
 * The rules as a ScopeDocument, surfaces in order of first appearance, each
 * surface's patterns in rule order. Grouping by surface keeps the decisions
 * because rules on different literal surfaces never compete; a repeated
 * pattern keeps only its last rule, at the last place (that is what last
 * match wins would decide).
 */
export function toScopeDocument(result: ImportResult): { doc: ScopeDocument; notes: ImportNote[] } {
  const span = NO_SPAN(result.file);
  const notes: ImportNote[] = [];
  const bySurface = new Map<string, PatternEntry[]>();
  for (const r of result.rules) {
    let list = bySurface.get(r.surface);
    if (!list) bySurface.set(r.surface, (list = []));
    const at = list.findIndex((p) => p.pattern === r.pattern);
    if (at >= 0) list.splice(at, 1);
    list.push({ pattern: r.pattern, action: r.action, ...(r.reason !== undefined ? { reason: r.reason } : {}), keySpan: span, valueSpan: span });
  }
  const universal: SurfaceEntry = { surface: "*", value: { kind: "action", action: result.defaultAction }, keySpan: span, valueSpan: span };
  const permission: SurfaceEntry[] = [universal];
  for (const [surface, patterns] of bySurface) {
    // An index-like pattern would be checked first by the JSON form; move it to the front only when that is where it already is.
    const misplaced = patterns.findIndex((p, i) => i > 0 && INDEX_KEY.test(p.pattern));
    if (misplaced >= 0) {
      const p = patterns.splice(misplaced, 1)[0]!;
      notes.push({
        kind: "dropped",
        source: `${surface} ${p.pattern}`,
        message: "a pattern that is an array index cannot follow other patterns (JSON objects enumerate it first); left out",
        ...(p.action !== "allow" ? { widens: true as const } : {}),
      });
    }
    permission.push({ surface, value: { kind: "map", patterns }, keySpan: span, valueSpan: span });
  }
  const tests: InlineTest[] = result.tests.map((t) => ({ ...t, span }));
  const doc: ScopeDocument = { file: result.file, scope: "global", kind: "perm-dsl", permission, universal, knobs: {}, ux: {}, tests };
  return { doc, notes };
}

export function renderPerm(result: ImportResult): string {
  const { doc } = toScopeDocument(result);
  const head = [`# imported from ${result.format} ${result.file} by permc import`, ...result.header.map((h) => `# ${h}`)].join("\n");
  return head + "\n" + printPerm(doc);
}

export function renderJson(result: ImportResult): string {
  return printJson(toScopeDocument(result).doc);
}

/** The notes that make the import more permissive than its source. */
export function lossyNotes(result: ImportResult): ImportNote[] {
  return allNotes(result).filter((n) => n.widens === true);
}

/** Every note, the converter's included, in the order they arose. */
export function allNotes(result: ImportResult): ImportNote[] {
  return [...result.notes, ...toScopeDocument(result).notes];
}

/** `**` means nothing more than `*` to permc; a run of stars is one star. */
export function collapseStars(pattern: string): string {
  return pattern.replace(/\*{2,}/g, "*");
}
