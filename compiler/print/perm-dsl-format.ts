// `permc fmt`: canonical layout of a `.perm` file, keeping its comments, line order and paragraphs.
import { parsePerm, type Json, type Name, type Statement } from "../../grammar/index.js";
import { plain } from "../../grammar/json-literal.js";
import { lineIndex, lineStarts } from "../../grammar/line-starts.js";
import { inlineJson, permName } from "./perm-dsl-print.js";

export type FormatResult = { readonly ok: true; readonly text: string } | { readonly ok: false };

/**
 * One statement per line with single spaces, names bare where possible,
 * strings with canonical JSON escapes, trailing comments two spaces after
 * the statement, at most one blank line in a row, none at the ends. Never
 * reorders lines (order is meaning). Idempotent: the output formats to itself.
 * A file with syntax errors is not formatted.
 */
export function formatPerm(text: string): FormatResult {
  const syntax = parsePerm(text);
  if (syntax.issues.length > 0) return { ok: false };
  const starts = lineStarts(text);
  const lineOf = (offset: number) => lineIndex(starts, offset);
  const lines: { statement?: string; comment?: string }[] = Array.from(starts, () => ({}));
  for (const s of syntax.statements) lines[lineOf(s.start)]!.statement = printStatement(s);
  for (const c of syntax.comments) lines[lineOf(c.start)]!.comment = c.text.trimEnd();
  const out: string[] = [];
  for (const l of lines) {
    const line = l.statement !== undefined ? l.statement + (l.comment !== undefined ? "  " + l.comment : "") : (l.comment ?? "");
    if (line === "" && (out.length === 0 || out[out.length - 1] === "")) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return { ok: true, text: out.length > 0 ? out.join("\n") + "\n" : "" };
}

function name(n: Name): string {
  return permName(n.value);
}

function json(v: Json): string {
  return inlineJson(plain(v));
}

function printStatement(s: Statement): string {
  switch (s.kind) {
    case "scope":
      return `scope ${s.name.text}`;
    case "default":
      return `default ${s.action.text}`;
    case "include":
      return `include ${JSON.stringify(s.path.value)}`;
    case "set":
      return `set ${s.key.text} ${json(s.value)}`;
    case "test":
      return `test ${name(s.surface)} ${JSON.stringify(s.value.value)} -> ${s.expect.text}`;
    case "toolTest":
      return `test ${name(s.keyword)} ${name(s.tool)} ${json(s.input)} -> ${s.expect.text}`;
    case "rule":
      return [
        name(s.surface),
        ...(s.pattern ? [JSON.stringify(s.pattern.value)] : []),
        s.action.text,
        ...(s.reason ? [JSON.stringify(s.reason.value)] : []),
      ].join(" ");
  }
}
