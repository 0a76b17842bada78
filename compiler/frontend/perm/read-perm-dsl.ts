// Reads a `.perm` rule-language file into the ScopeDocument every other front end produces,
// so scope merging and rule composition are the JSON config's, unchanged.
import path from "node:path";
import { parsePerm, type Json, type Name, type Statement, type Str, type Word } from "../../../grammar/index.js";
import { diagnostic, quote, type Diagnostic } from "../../diagnostics/index.js";
import { lineColumn } from "../../diagnostics/render.js";
import { SCOPES, type Action, type Knobs, type Scope, type Span } from "../../ir.js";
import { isAction } from "../../../runtime/action.js";
import { actionHelp } from "../action.js";
import { byPosition } from "../by-position.js";
import { ownKeyOrder } from "../js-key-order.js";
import { checkPageOrder, type PlacedRule } from "./perm-dsl-order.js";
import { resolveInclude } from "./perm-dsl-includes.js";
import { plain } from "../../../grammar/json-literal.js";
import { ObjectBuilder, type RawEntry, type RawValue } from "../raw-value.js";
import { scopeDocument, type InlineTest, type ToolCallTest, type PatternEntry, type ReadResult, type SurfaceEntry, type UxKnobs } from "../scope-document.js";
import type { SourceInput } from "../source.js";
import { isStrictScope } from "../source.js";
import { ROOT_KEYS, strictConfig } from "../strict-config.js";
import { MAX_REASON_LENGTH } from "../strict-permission.js";
import { misspelledDirectionalKey } from "../directional-key.js";
import { expandDirectionalSugar } from "../expand-directional-sugar.js";
import { suggestKey } from "../suggest-key.js";
import { surfaceTypo } from "../surface-typo.js";

/** One rule line, in page order, after validation. `pattern` null: the `<surface> <action>` form. */
interface RuleItem {
  readonly surface: string;
  readonly pattern: string | null;
  readonly action: Action;
  readonly reason?: string;
  readonly surfaceSpan: Span;
  readonly patternSpan: Span;
  readonly actionSpan: Span;
  readonly file: string;
}

interface SurfaceGroup {
  readonly surface: string;
  readonly shorthand: boolean;
  /** The item that introduced the surface (its line fixes the surface's place). */
  readonly first: RuleItem;
  last: RuleItem;
  readonly patterns: Map<string, RuleItem>;
  /** Pattern keys in order of first appearance, as an object would record them. */
  readonly patternOrder: string[];
}

interface Reader {
  readonly input: SourceInput;
  readonly diags: Diagnostic[];
  readonly rules: RuleItem[];
  readonly tests: InlineTest[];
  readonly toolTests: ToolCallTest[];
  readonly knobs: Map<string, { key: Word; value: Json; file: string }>;
  scope: { name: Scope; span: Span } | null;
}

/**
 * Page order is decision order: a later line beats an earlier one. The
 * document is built with the JSON config's object semantics (a surface's
 * rules are grouped at its first line; a repeated rule keeps the first one's
 * place; integer-like keys go first), and any line whose place that changes
 * in a way that could change a decision is an error (`rule-out-of-order`),
 * so what the page says and what compiles are always the same.
 */
export function readPermDsl(input: SourceInput): ReadResult {
  const r: Reader = { input, diags: [], rules: [], tests: [], toolTests: [], knobs: new Map(), scope: null };
  visit(r, input.file, input.text, [path.normalize(input.file)]);

  if (r.scope && r.scope.name !== input.scope) {
    r.diags.push(diagnostic("scopeMismatch", `the file says \`scope ${r.scope.name}\` but is compiled as the ${input.scope} scope`, r.scope.span));
  }
  const permission = buildPermission(r);
  const { knobs, ux } = readKnobs(r);
  const diagnostics = byPosition(r.diags);
  if (diagnostics.some((d) => d.severity === "error")) return { doc: null, diagnostics };
  const doc = scopeDocument(input, permission, knobs ?? {}, ux ?? {});
  return { doc: { ...doc, tests: r.tests, toolTests: r.toolTests }, diagnostics };
}

function visit(r: Reader, file: string, text: string, stack: readonly string[]): void {
  const syntax = parsePerm(text);
  const at = (range: { start: number; end: number }): Span => ({ file, start: range.start, end: range.end });
  for (const issue of syntax.issues) r.diags.push(diagnostic("syntaxError", issue.message, at(issue), { help: issue.help }));
  for (const s of syntax.statements) statement(r, file, s, at, stack);
}

function statement(r: Reader, file: string, s: Statement, at: (x: { start: number; end: number }) => Span, stack: readonly string[]): void {
  switch (s.kind) {
    case "scope": {
      const name = s.name.text;
      if (!(SCOPES as readonly string[]).includes(name)) {
        const near = suggestKey(name, SCOPES);
        r.diags.push(
          diagnostic("invalidValue", `unknown scope ${quote(name)}`, at(s.name), {
            help: near ? `did you mean ${quote(near)}?` : `a scope is one of ${SCOPES.map((x) => "`" + x + "`").join(", ")}`,
          }),
        );
      } else if (r.scope && r.scope.name !== name) {
        r.diags.push(
          diagnostic("scopeMismatch", `this file says \`scope ${name}\`, but \`scope ${r.scope.name}\` was declared first`, at(s.name), {
            help: "a file (with what it includes) has one scope; remove one of the `scope` lines",
            notes: [`declared at ${where(r, r.scope.span)}`],
          }),
        );
      } else if (!r.scope) {
        r.scope = { name: name as Scope, span: at(s.name) };
      }
      return;
    }
    case "default": {
      const action = readAction(r, s.action, at);
      if (action) r.rules.push({ surface: "*", pattern: null, action, surfaceSpan: at(s), patternSpan: at(s), actionSpan: at(s.action), file });
      return;
    }
    case "include": {
      const target = resolveInclude(file, s.path.value);
      if (stack.includes(target)) {
        r.diags.push(
          diagnostic("includeCycle", `including ${quote(s.path.value)} leads back to ${quote(target)}`, at(s.path), {
            notes: [`include chain: ${[...stack, target].join(" → ")}`],
          }),
        );
        return;
      }
      const included = r.input.includes?.get(target);
      if (included === undefined) {
        r.diags.push(
          diagnostic("unreadableInput", `cannot read included file ${quote(target)}`, at(s.path), {
            help: "include paths are relative to the including file",
          }),
        );
        return;
      }
      visit(r, target, included, [...stack, target]);
      return;
    }
    case "set": {
      const key = s.key.text;
      if (key === "permission" || !ROOT_KEYS.includes(key)) {
        const near = suggestKey(
          key,
          ROOT_KEYS.filter((k) => k !== "permission"),
        );
        r.diags.push(
          diagnostic("unknownKey", `unknown knob ${quote(key)}`, at(s.key), {
            ...(key === "permission"
              ? { help: 'write permissions as rule lines, e.g. `bash "git *" allow`' }
              : near
                ? { help: `did you mean ${quote(near)}?` }
                : {}),
            notes: [
              `knobs: ${ROOT_KEYS.filter((k) => k !== "permission")
                .map((k) => "`" + k + "`")
                .join(", ")}`,
            ],
          }),
        );
        return;
      }
      const earlier = r.knobs.get(key);
      if (earlier) {
        r.diags.push(
          diagnostic(
            "duplicateKey",
            `knob ${quote(key)} is set again; this value replaces the one at ${where(r, { file: earlier.file, ...earlier.key })}`,
            at(s.key),
            {
              help: "remove one of the two `set` lines",
            },
          ),
        );
      }
      r.knobs.set(key, { key: s.key, value: s.value, file });
      return;
    }
    case "test": {
      const expect = readAction(r, s.expect, at);
      if (expect) r.tests.push({ surface: s.surface.value, value: s.value.value, expect, span: at(s) });
      return;
    }
    case "toolTest": {
      const expect = readAction(r, s.expect, at);
      if (s.keyword.value !== "tool") {
        r.diags.push(
          diagnostic("syntaxError", `expected \`tool\` or a quoted value after the surface, found ${quote(s.tool.value)}`, at(s.tool), {
            help: 'write `test bash "git status" -> allow`, or `test tool read {"path": ".env"} -> deny` for a full tool call',
          }),
        );
        return;
      }
      const input = plain(s.input);
      if (typeof input !== "object" || input === null || Array.isArray(input)) {
        r.diags.push(diagnostic("invalidValue", "a tool call's input is a JSON object", at(s.input), { help: 'e.g. `{"command": "git push"}`' }));
        return;
      }
      if (expect) r.toolTests.push({ tool: s.tool.value, input: input as Record<string, unknown>, expect, span: at(s) });
      return;
    }
    case "rule":
      rule(r, file, s, at);
      return;
  }
}

function rule(r: Reader, file: string, s: Extract<Statement, { kind: "rule" }>, at: (x: { start: number; end: number }) => Span): void {
  const action = readAction(r, s.action, at);
  let ok = action !== null;
  const surface = s.surface.value;
  if (surface === "") {
    r.diags.push(diagnostic("emptyKey", "empty surface name", at(s.surface)));
    ok = false;
  }
  const misspelled = misspelledDirectionalKey(surface, at(s.surface));
  if (misspelled) {
    r.diags.push(misspelled);
    ok = false;
  }
  if (s.pattern && s.pattern.value === "") {
    r.diags.push(diagnostic("emptyKey", "empty pattern", at(s.pattern), { help: 'write `"*"` for every value' }));
    ok = false;
  }
  if (s.reason) ok = checkReason(r, s.reason, action, s.pattern, at) && ok;
  surfaceHint(r, s.surface, at);
  if (!ok || !action) return;
  if (surface === "__proto__" || s.pattern?.value === "__proto__") {
    r.diags.push(diagnostic("protoKey", "a rule on `__proto__` is dropped, as in a JSON config", at(s.pattern ?? s.surface)));
    return;
  }
  r.rules.push({
    surface,
    pattern: s.pattern ? s.pattern.value : null,
    action,
    ...(s.reason ? { reason: s.reason.value } : {}),
    surfaceSpan: at(s.surface),
    patternSpan: at(s.pattern ?? s.surface),
    actionSpan: at(s.action),
    file,
  });
}

function checkReason(r: Reader, reason: Str, action: Action | null, pattern: Str | undefined, at: (x: { start: number; end: number }) => Span): boolean {
  if (action !== null && action !== "deny") {
    r.diags.push(diagnostic("invalidReason", `only \`deny\` may carry a reason, not ${quote(action)}`, at(reason)));
    return false;
  }
  if (!pattern) {
    r.diags.push(
      diagnostic("invalidReason", "a reason needs a pattern", at(reason), {
        help: 'write `<surface> "*" deny "<reason>"`; the `<surface> deny` form stands for a JSON action string, which cannot carry a reason',
      }),
    );
    return false;
  }
  if (reason.value.length > MAX_REASON_LENGTH) {
    r.diags.push(diagnostic("reasonTooLong", `the reason is ${reason.value.length} characters long`, at(reason)));
    return false;
  }
  return true;
}

function readAction(r: Reader, w: Word, at: (x: { start: number; end: number }) => Span): Action | null {
  if (isAction(w.text)) return w.text;
  const help = actionHelp(w.text);
  r.diags.push(diagnostic("invalidAction", `unknown action ${quote(w.text)}`, at(w), help ? { help } : {}));
  return null;
}

/** A surface name a typo away from a known one (the JSON reader's check too); once per name. */
function surfaceHint(r: Reader, name: Name, at: (x: { start: number; end: number }) => Span): void {
  const typo = surfaceTypo(name.value, at(name));
  if (typo && !r.diags.some((d) => d.slug === typo.slug && d.message === typo.message)) r.diags.push(typo);
}

function where(r: Reader, span: Span): string {
  const text = span.file === r.input.file ? r.input.text : r.input.includes?.get(span.file);
  const line = text === undefined ? "?" : String(lineColumn(text, span.start).line);
  return span.file === r.input.file ? `line ${line}` : `${span.file}:${line}`;
}

/** Groups the page-ordered rules the way a JSON object records them, then checks nothing moved in a way that matters. */
function buildPermission(r: Reader): SurfaceEntry[] {
  const groups = new Map<string, SurfaceGroup>();
  for (const item of r.rules) {
    const g = groups.get(item.surface);
    const shorthand = item.pattern === null;
    if (!g) {
      const key = item.pattern ?? "*";
      groups.set(item.surface, { surface: item.surface, shorthand, first: item, last: item, patterns: new Map([[key, item]]), patternOrder: [key] });
      continue;
    }
    if (g.shorthand !== shorthand) {
      const other = g.shorthand ? "`<surface> <action>`" : "pattern rules";
      r.diags.push(
        diagnostic("mixedSurfaceForms", `surface ${quote(item.surface)} is already written with ${other}`, item.surfaceSpan, {
          notes: [
            `first written at ${where(r, g.first.surfaceSpan)}`,
            "in JSON these are a string and a map under one key: the later replaces the earlier wholesale, and scopes merge them differently",
          ],
        }),
      );
      continue;
    }
    const key = item.pattern ?? "*";
    const earlier = g.patterns.get(key);
    if (earlier) {
      r.diags.push(
        diagnostic(
          "duplicateKey",
          `${describe(item)} repeats the rule at ${where(r, earlier.patternSpan)}, which no longer decides anything`,
          item.patternSpan,
          {
            help: "delete the earlier line",
          },
        ),
      );
    } else {
      g.patternOrder.push(key);
    }
    g.patterns.set(key, item);
    g.last = item;
  }

  const pageOf = new Map(r.rules.map((it, i) => [it, i] as const));
  const orderedGroups = ownKeyOrder([...groups.values()].map((g) => ({ key: g.surface, g })));
  const placed: PlacedRule[] = [];
  const out: SurfaceEntry[] = [];
  // Which line wrote a pattern entry, found again by its span after the directional sugar expanded.
  const writer = new Map<string, { item: RuleItem; group: SurfaceGroup }>();
  for (const { g } of orderedGroups) {
    const keys = ownKeyOrder(g.patternOrder.map((key) => ({ key })));
    const patterns: PatternEntry[] = keys.map(({ key }) => {
      const it = g.patterns.get(key)!;
      writer.set(spanKey(it.patternSpan), { item: it, group: g });
      return { pattern: key, action: it.action, ...(it.reason !== undefined ? { reason: it.reason } : {}), keySpan: it.patternSpan, valueSpan: it.actionSpan };
    });
    if (g.shorthand) {
      const it = g.last;
      if (g.surface === "*")
        placed.push({ surface: "*", pattern: "*", page: pageOf.get(it)!, span: it.surfaceSpan, first: 0, firstSpan: it.surfaceSpan, isDefault: true });
      out.push({ surface: g.surface, value: { kind: "action", action: it.action }, keySpan: it.surfaceSpan, valueSpan: it.actionSpan });
    } else {
      if (g.surface === "*") {
        r.diags.push(
          diagnostic("mapUnderUniversal", 'pattern rules on surface `"*"` are discarded, as a map under `"*"` is in JSON', g.first.surfaceSpan, {
            help: 'write `default <action>` for the fallback, or use `"**"` for a rule on every surface',
          }),
        );
      }
      out.push({ surface: g.surface, value: { kind: "map", patterns }, keySpan: g.last.surfaceSpan, valueSpan: g.last.actionSpan });
    }
  }
  // The order the rules compile in: bare `path`/`external_directory` lines expand into the
  // directional members ahead of the scope's explicit member lines (as the reference expands JSON keys).
  for (const entry of expandDirectionalSugar(out)) {
    if (entry.surface === "*") continue;
    const patterns =
      entry.value.kind === "map" ? entry.value.patterns.map((p) => ({ pattern: p.pattern, span: p.keySpan })) : [{ pattern: "*", span: entry.keySpan }];
    for (const p of patterns) {
      const { item, group } = writer.get(spanKey(p.span))!;
      placed.push({
        surface: entry.surface,
        pattern: p.pattern,
        page: pageOf.get(item)!,
        span: item.patternSpan,
        first: pageOf.get(group.first)!,
        firstSpan: group.first.patternSpan,
        isDefault: false,
        ...(entry.surface !== item.surface ? { sugarFor: item.surface } : {}),
      });
    }
  }
  r.diags.push(
    ...checkPageOrder(
      placed,
      r.rules.length,
      (span) => where(r, span),
      (i) => describe(r.rules[i]!),
    ),
  );
  return out;
}

function spanKey(span: Span): string {
  return `${span.file}\u0000${span.start}`;
}

function describe(item: RuleItem): string {
  if (item.surface === "*" && item.pattern === null) return "`default`";
  return item.pattern === null ? `\`${item.surface}\`` : `\`${item.surface} ${JSON.stringify(item.pattern)}\``;
}

/** Knobs go through the JSON config's own validator, on a JSON object built from the `set` lines. */
function readKnobs(r: Reader): { knobs: Partial<Knobs> | null; ux: UxKnobs | null } {
  if (r.knobs.size === 0) return { knobs: {}, ux: {} };
  if (!isStrictScope(r.input.scope)) {
    for (const k of r.knobs.values()) {
      r.diags.push(
        diagnostic(
          "unknownKey",
          `knob ${quote(k.key.text)} cannot be set in the ${r.input.scope} scope`,
          { file: k.file, start: k.key.start, end: k.key.end },
          {
            help: "agent scopes contribute only rules; set knobs in the global or project scope",
          },
        ),
      );
    }
    return { knobs: null, ux: null };
  }
  const entries: RawEntry[] = [...r.knobs.values()].map((k) => ({
    key: k.key.text,
    keySpan: { file: k.file, start: k.key.start, end: k.key.end },
    value: rawOf(r, k.value, k.file),
  }));
  const first = entries[0]!.keySpan;
  const config = strictConfig({ kind: "map", entries, span: first, proto: null }, r.diags);
  return config ? { knobs: config.knobs, ux: config.ux } : { knobs: null, ux: null };
}

function rawOf(r: Reader, v: Json, file: string): RawValue {
  const span = { file, start: v.start, end: v.end };
  switch (v.kind) {
    case "string":
      return { kind: "string", value: v.value, span };
    case "number":
      return { kind: "number", value: v.value, span };
    case "boolean":
      return { kind: "boolean", value: v.value, span };
    case "null":
      return { kind: "null", span };
    case "list":
      return { kind: "list", items: v.items.map((i) => rawOf(r, i, file)), span };
    case "map": {
      const b = new ObjectBuilder(r.diags);
      for (const e of v.entries) b.set(e.key.value, { file, start: e.key.start, end: e.key.end }, rawOf(r, e.value, file));
      return b.build(span);
    }
  }
}
