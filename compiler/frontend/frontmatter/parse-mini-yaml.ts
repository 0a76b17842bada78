import { diagnostic, type Diagnostic } from "../../diagnostics/index.js";
import type { Span } from "../../ir.js";
import { ObjectBuilder, type RawMap, type RawValue } from "../raw-value.js";

/**
 * The reference's frontmatter reader: not YAML, a line parser. Each line is
 * split at its first `:`; an empty value opens a nested map, indentation
 * (leading whitespace characters, a tab counting one) closes maps; one leading
 * and one trailing quote are stripped from keys, matching outer quotes from
 * values. Nothing else: no lists, no inline comments, no numbers.
 *
 * Values are assigned like plain-object properties, so duplicate keys,
 * integer-like keys and `__proto__` behave as they do in the reference.
 */
export interface MiniYamlInput {
  readonly file: string;
  /** The frontmatter, CRLF already normalised to LF. */
  readonly text: string;
  /** Maps an offset in `text` to an offset in the original file. */
  readonly toOriginal: (offset: number) => number;
}

/** A map while it is being filled: assignments are replayed into an ObjectBuilder at the end. */
interface OpenMap {
  readonly assignments: Assignment[];
  readonly keySpanStart: number;
  end: number;
}

type Assignment =
  | { readonly kind: "set"; readonly key: string; readonly keySpan: Span; readonly value: string | OpenMap; readonly valueSpan: Span }
  | { readonly kind: "proto"; readonly keySpan: Span; readonly value: string | OpenMap };

interface StackFrame {
  readonly indent: number;
  readonly map: OpenMap;
  /** Whether this map is, or lies inside, the root `permission` map. */
  readonly inPermission: boolean;
}

export function parseMiniYaml(input: MiniYamlInput, diags: Diagnostic[]): RawMap {
  const { file, text, toOriginal } = input;
  // End offsets map through their last character, so a span never swallows a dropped `\r`.
  const span = (start: number, end: number): Span => ({
    file,
    start: toOriginal(start),
    end: end > start ? toOriginal(end - 1) + 1 : toOriginal(start),
  });
  const root: OpenMap = { assignments: [], keySpanStart: 0, end: text.length };
  const stack: StackFrame[] = [{ indent: -1, map: root, inPermission: false }];

  const lineBreak = /\r?\n/g;
  let lineStart = 0;
  for (;;) {
    const m = lineBreak.exec(text);
    const lineEnd = m ? m.index : text.length;
    const rawLine = text.slice(lineStart, lineEnd);
    handleLine(rawLine, lineStart);
    if (!m) break;
    lineStart = m.index + m[0].length;
  }

  function handleLine(rawLine: string, at: number): void {
    const startTrimmed = rawLine.trimStart();
    if (!rawLine.trim() || startTrimmed.startsWith("#")) return;
    const indent = rawLine.length - startTrimmed.length;
    const line = rawLine.trim();
    const colon = line.indexOf(":");
    const lineSpan = span(at + indent, at + indent + line.length);
    if (colon <= 0) {
      // Skipped by the reference; say so only where it costs a permission.
      let depth = stack.length - 1;
      while (depth > 0 && indent <= stack[depth]!.indent) depth--;
      if (stack[depth]!.inPermission || (depth === 0 && line.startsWith("permission"))) {
        diags.push(
          diagnostic("frontmatterEntryDropped", "this line is not a `key: value` pair; the reference skips it", lineSpan, {
            help: line.startsWith("-")
              ? "lists are not supported; write one `pattern: action` line per entry"
              : "write `pattern: action`, with the key before the first `:`",
          }),
        );
      }
      return;
    }
    const keyText = line.slice(0, colon).trimEnd();
    const key = keyText.replace(/^["']|["']$/g, "");
    const keySpan = span(at + indent, at + indent + keyText.length);
    const afterColon = line.slice(colon + 1);
    const rawValue = afterColon.trim();
    const valueStart = at + indent + colon + 1 + (afterColon.length - afterColon.trimStart().length);

    while (stack.length > 1 && indent <= stack[stack.length - 1]!.indent) stack.pop();
    const parent = stack[stack.length - 1]!;
    const inPermission = parent.inPermission || (stack.length === 1 && key === "permission");

    if (!rawValue) {
      const child: OpenMap = { assignments: [], keySpanStart: at + indent, end: at + rawLine.length };
      assign(parent.map, key, keySpan, child, span(at + indent, at + rawLine.length));
      stack.push({ indent, map: child, inPermission });
    } else {
      const quoted = (rawValue.startsWith('"') && rawValue.endsWith('"')) || (rawValue.startsWith("'") && rawValue.endsWith("'"));
      const scalar = quoted ? rawValue.slice(1, -1) : rawValue;
      assign(parent.map, key, keySpan, scalar, span(valueStart, valueStart + rawValue.length));
    }
    for (const frame of stack) frame.map.end = Math.max(frame.map.end, at + rawLine.length);
  }

  function assign(map: OpenMap, key: string, keySpan: Span, value: string | OpenMap, valueSpan: Span): void {
    if (key === "__proto__") {
      diags.push(
        diagnostic("protoKey", typeof value === "string" ? "`__proto__` is ignored" : "`__proto__` makes this map a hidden prototype", keySpan, {
          notes:
            typeof value === "string"
              ? ["assigning a string to `__proto__` does nothing in JavaScript, so the reference never sees this entry"]
              : [
                  "the reference assigns the nested map as the object's prototype: its entries are not listed as keys, yet property reads such as `permission` or `action` still find them",
                ],
        }),
      );
      map.assignments.push({ kind: "proto", keySpan, value });
      return;
    }
    map.assignments.push({ kind: "set", key, keySpan, value, valueSpan });
  }

  function close(map: OpenMap, mapSpan: Span): RawMap {
    const builder = new ObjectBuilder(diags);
    for (const a of map.assignments) {
      if (a.kind === "proto") {
        if (typeof a.value !== "string") builder.proto = close(a.value, a.keySpan);
        continue;
      }
      const value: RawValue =
        typeof a.value === "string" ? { kind: "string", value: a.value, span: a.valueSpan } : close(a.value, span(a.value.keySpanStart, a.value.end));
      builder.set(a.key, a.keySpan, value);
    }
    return builder.build(mapSpan);
  }

  return close(root, span(0, text.length));
}
