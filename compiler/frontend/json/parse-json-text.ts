import { parseTree, printParseErrorCode, type Node as JsoncNode, type ParseError } from "jsonc-parser";
import { diagnostic, quote, type Diagnostic } from "../../diagnostics/index.js";
import type { Span } from "../../ir.js";
import { ObjectBuilder, type RawValue } from "../raw-value.js";
import { originalRange, stripJsonComments, type StrippedText } from "./strip-json-comments.js";

/**
 * Parses a config file the way the reference reads it (comment stripping,
 * then `JSON.parse`) into a value with spans into the original text. Every
 * syntax error is reported, each at its own position; `value` is null if
 * there was any error.
 */
export function parseJsonText(file: string, source: string): { value: RawValue | null; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let text = source;
  if (text.charCodeAt(0) === 0xfeff) {
    diagnostics.push(
      diagnostic(
        "byteOrderMark",
        "the file starts with a UTF-8 byte-order mark",
        { file, start: 0, end: 1 },
        {
          notes: ["the reference hands the mark to `JSON.parse`, which rejects it, so it ignores the whole file"],
        },
      ),
    );
    // Keep offsets, keep looking for further errors.
    text = " " + text.slice(1);
  }

  const stripped = stripJsonComments(text);
  if (stripped.unterminatedComment !== null) {
    const at = stripped.unterminatedComment;
    diagnostics.push(
      diagnostic(
        "unterminatedComment",
        "block comment is never closed; everything after `/*` is ignored",
        { file, start: at, end: at + 2 },
        {
          notes: ["the reference's comment stripper also drops the rest of the file, so permc reads it the same way"],
        },
      ),
    );
  }

  const errors: ParseError[] = [];
  let tree: JsoncNode | undefined;
  try {
    tree = parseTree(stripped.text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    diagnostics.push(diagnostic("syntaxError", "the JSON is nested too deeply to read", { file, start: 0, end: Math.min(1, source.length) }));
    return { value: null, diagnostics };
  }

  let previous: ParseError | undefined;
  for (const err of errors) {
    if (!isCascade(err, previous, stripped.text)) diagnostics.push(syntaxDiagnostic(file, stripped, err));
    previous = err;
  }

  if (errors.length === 0) {
    // JSON.parse is the authority on what the reference accepts; the tree
    // parser agrees on comment-free text, and this keeps it honest.
    const verdict = jsonParseError(stripped.text);
    if (verdict) {
      const at = originalRange(stripped, verdict.position, verdict.position + 1);
      diagnostics.push(diagnostic("syntaxError", verdict.message, { file, ...at }));
    }
  }

  if (diagnostics.some((d) => d.severity === "error") || !tree) return { value: null, diagnostics };
  try {
    return { value: toRaw(tree, file, stripped, diagnostics), diagnostics };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    diagnostics.push(diagnostic("syntaxError", "the JSON is nested too deeply to read", { file, start: 0, end: Math.min(1, source.length) }));
    return { value: null, diagnostics };
  }
}

function jsonParseError(text: string): { message: string; position: number } | null {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(message);
    return {
      message: `invalid JSON: ${message.replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, "")}`,
      position: pos ? Number(pos[1]) : text.length,
    };
  }
}

/**
 * The tree parser often reports one mistake twice: two errors at the same
 * token, or "expected a value" right after a symbol it could not read.
 */
function isCascade(err: ParseError, previous: ParseError | undefined, text: string): boolean {
  if (!previous) return false;
  if (previous.offset === err.offset) return true;
  const between = text.slice(previous.offset + previous.length, err.offset);
  return printParseErrorCode(previous.error) === "InvalidSymbol" && printParseErrorCode(err.error) === "ValueExpected" && between.trim() === "";
}

function spanOf(file: string, stripped: StrippedText, offset: number, length: number): Span {
  return { file, ...originalRange(stripped, offset, offset + length) };
}

function toRaw(node: JsoncNode, file: string, stripped: StrippedText, diags: Diagnostic[]): RawValue {
  const span = spanOf(file, stripped, node.offset, node.length);
  const literal = () => JSON.parse(stripped.text.slice(node.offset, node.offset + node.length)) as unknown;
  switch (node.type) {
    case "object": {
      const builder = new ObjectBuilder(diags);
      for (const prop of node.children ?? []) {
        const [keyNode, valueNode] = prop.children ?? [];
        if (!keyNode || !valueNode) continue; // only in files with syntax errors, which never get here
        const key = JSON.parse(stripped.text.slice(keyNode.offset, keyNode.offset + keyNode.length)) as string;
        builder.set(key, spanOf(file, stripped, keyNode.offset, keyNode.length), toRaw(valueNode, file, stripped, diags));
      }
      return builder.build(span);
    }
    case "array":
      return { kind: "list", items: (node.children ?? []).map((c) => toRaw(c, file, stripped, diags)), span };
    case "string":
      return { kind: "string", value: literal() as string, span };
    case "number":
      return { kind: "number", value: literal() as number, span };
    case "boolean":
      return { kind: "boolean", value: literal() as boolean, span };
    case "null":
      return { kind: "null", span };
    case "property":
      throw new Error("internal: a property node outside an object");
  }
}

function syntaxDiagnostic(file: string, stripped: StrippedText, err: ParseError): Diagnostic {
  const token = stripped.text.slice(err.offset, err.offset + err.length);
  const atEnd = err.offset >= stripped.text.length;
  const shown = atEnd ? "the end of the file" : quote(token);
  const code = printParseErrorCode(err.error);
  // A missing `,` or a missing closer belongs right after the last thing written, not at whatever follows.
  const afterPrevious = code === "CommaExpected" || atEnd;
  const before = previousSignificant(stripped.text, err.offset);
  const span =
    afterPrevious && before !== null ? spanOf(file, stripped, before + 1, 0) : spanOf(file, stripped, err.offset, Math.max(err.length, atEnd ? 0 : 1));

  if ((code === "PropertyNameExpected" || code === "ValueExpected") && (token === "}" || token === "]")) {
    const comma = previousSignificant(stripped.text, err.offset);
    if (comma !== null && stripped.text[comma] === ",") {
      return diagnostic("syntaxError", `trailing comma before ${quote(token)}`, spanOf(file, stripped, comma, 1), {
        help: "remove the comma; JSON allows no comma after the last entry, and the reference rejects the file",
      });
    }
  }

  switch (code) {
    case "InvalidSymbol":
      return diagnostic("syntaxError", `unexpected ${describeSymbol(token)}`, span, {
        help: token.startsWith("'") ? "JSON strings use double quotes" : undefined,
      });
    case "InvalidNumberFormat":
    case "UnexpectedEndOfNumber":
      return diagnostic("syntaxError", `invalid number ${shown}`, span);
    case "PropertyNameExpected":
      return diagnostic("syntaxError", `expected a property name in double quotes, found ${shown}`, span);
    case "ValueExpected":
      return diagnostic("syntaxError", `expected a value, found ${shown}`, span);
    case "ColonExpected":
      return diagnostic("syntaxError", `expected \`:\` after the property name, found ${shown}`, span);
    case "CommaExpected":
      return diagnostic("syntaxError", `expected \`,\` between entries, found ${shown}`, span);
    case "CloseBraceExpected":
      return diagnostic("syntaxError", `expected \`}\` to close the object, found ${shown}`, span);
    case "CloseBracketExpected":
      return diagnostic("syntaxError", `expected \`]\` to close the array, found ${shown}`, span);
    case "EndOfFileExpected":
      return diagnostic("syntaxError", `unexpected ${shown} after the end of the JSON value`, span);
    case "UnexpectedEndOfString":
      return diagnostic("syntaxError", "unterminated string", span, { help: 'close the string with `"` on the same line' });
    case "InvalidUnicode":
      return diagnostic("syntaxError", "invalid `\\u` escape in string", span, { help: "write four hex digits after `\\u`" });
    case "InvalidEscapeCharacter":
      return diagnostic("syntaxError", "invalid escape in string", span, {
        help: 'JSON knows only `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` and `\\uXXXX`',
      });
    case "InvalidCharacter":
      return diagnostic("syntaxError", "control character in string", span, { help: "escape it, e.g. a tab as `\\t`" });
    default:
      return diagnostic("syntaxError", `invalid JSON (${code}) at ${shown}`, span);
  }
}

function describeSymbol(token: string): string {
  const code = token.codePointAt(0);
  if (token.length === 1 && code !== undefined && (code < 0x20 || code === 0x7f || code >= 0x80)) {
    return `character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return quote(token);
}

function previousSignificant(text: string, offset: number): number | null {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text[i];
    if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") return i;
  }
  return null;
}
