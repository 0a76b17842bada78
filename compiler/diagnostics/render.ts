import { lineIndex, lineStarts as computeLineStarts } from "../../grammar/line-starts.js";
import type { Diagnostic } from "./diagnostic.js";

/** Texts of the files diagnostics point into, so spans can become lines and columns. */
export type SourceTexts = ReadonlyMap<string, string>;

export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/** Offsets where each line starts, per source text; a few texts are cached so many lookups stay cheap. */
const lineStartCache = new Map<string, Int32Array>();
const LINE_CACHE_SIZE = 16;

function lineStarts(text: string): Int32Array {
  let starts = lineStartCache.get(text);
  if (starts) return starts;
  starts = computeLineStarts(text);
  if (lineStartCache.size >= LINE_CACHE_SIZE) lineStartCache.delete(lineStartCache.keys().next().value!);
  lineStartCache.set(text, starts);
  return starts;
}

/** 1-based line and column (in UTF-16 units) of an offset; O(log lines) after the first call per text. */
export function lineColumn(text: string, offset: number): LineColumn {
  const end = Math.min(Math.max(offset, 0), text.length);
  const starts = lineStarts(text);
  const line = lineIndex(starts, end);
  return { line: line + 1, column: end - starts[line]! + 1 };
}

export interface JsonDiagnostic {
  code: string;
  slug: string;
  severity: string;
  file: string | null;
  line: number | null;
  column: number | null;
  endLine: number | null;
  endColumn: number | null;
  message: string;
  help?: string;
  notes: string[];
}

export function toJson(d: Diagnostic, sources: SourceTexts): JsonDiagnostic {
  const text = d.span ? sources.get(d.span.file) : undefined;
  const start = d.span && text !== undefined ? lineColumn(text, d.span.start) : null;
  const end = d.span && text !== undefined ? lineColumn(text, d.span.end) : null;
  return {
    code: d.code,
    slug: d.slug,
    severity: d.severity,
    file: d.span?.file ?? null,
    line: start?.line ?? null,
    column: start?.column ?? null,
    endLine: end?.line ?? null,
    endColumn: end?.column ?? null,
    message: d.message,
    ...(d.help ? { help: d.help } : {}),
    notes: [...d.notes],
  };
}

export interface RenderOptions {
  readonly color: boolean;
}

const PAINT = {
  error: "\u001b[1;31m",
  warning: "\u001b[1;33m",
  info: "\u001b[1;36m",
  blue: "\u001b[1;34m",
  bold: "\u001b[1m",
  reset: "\u001b[0m",
} as const;

/** Characters of context shown on each side of a span in a line longer than twice this. */
const WINDOW = 80;

/** rustc-style: header, `--> file:line:col`, the source line, a caret underline, help and notes. */
export function renderDiagnostic(d: Diagnostic, sources: SourceTexts, opts: RenderOptions = { color: false }): string {
  const paint = (code: string, s: string) => (opts.color ? code + s + PAINT.reset : s);
  const out: string[] = [];
  out.push(`${paint(PAINT[d.severity], `${d.severity}[${d.code}]`)}${paint(PAINT.bold, `: ${d.message}`)} (${d.slug})`);
  const text = d.span ? sources.get(d.span.file) : undefined;
  if (d.span && text !== undefined) {
    const start = lineColumn(text, d.span.start);
    const gutter = " ".repeat(String(start.line).length);
    out.push(`${gutter}${paint(PAINT.blue, "-->")} ${d.span.file}:${start.line}:${start.column}`);
    const lineStart = d.span.start - (start.column - 1);
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const caretEnd = Math.min(Math.max(d.span.end, d.span.start + 1), lineEnd === lineStart ? lineStart + 1 : lineEnd);
    // Minified or generated files put everything on one line: show a window around the span.
    const long = lineEnd - lineStart > 2 * WINDOW;
    const from = long ? Math.max(lineStart, d.span.start - WINDOW) : lineStart;
    const to = long ? Math.min(lineEnd, Math.max(caretEnd, d.span.start + 1) + WINDOW) : lineEnd;
    const shown = (from > lineStart ? "…" : "") + text.slice(from, to).replace(/\r$/, "").replace(/\t/g, " ") + (to < lineEnd ? "…" : "");
    const caretColumn = d.span.start - from + (from > lineStart ? 1 : 0);
    const width = Math.max(1, Math.min(caretEnd, to) - d.span.start);
    out.push(`${gutter} ${paint(PAINT.blue, "|")}`);
    out.push(`${paint(PAINT.blue, `${start.line} |`)} ${shown}`);
    out.push(`${gutter} ${paint(PAINT.blue, "|")} ${" ".repeat(caretColumn)}${paint(PAINT[d.severity], "^".repeat(width))}`);
  } else if (d.span) {
    out.push(` --> ${d.span.file}`);
  }
  if (d.help) out.push(`  = help: ${d.help}`);
  for (const n of d.notes) out.push(`  = note: ${n}`);
  return out.join("\n");
}

export function renderAll(diags: readonly Diagnostic[], sources: SourceTexts, opts: RenderOptions = { color: false }): string {
  return diags.map((d) => renderDiagnostic(d, sources, opts)).join("\n\n");
}
