/**
 * The files an `apply_patch` text touches, read the way the hosts that apply
 * it read it, so that no file a host would write is missed. OpenCode and
 * Codex share the patch grammar (`*** Begin Patch`, `*** Add File: x`,
 * `*** Update File: x` with an optional `*** Move to: y`, `*** Delete File:
 * x`, `*** End Patch`) but read it differently:
 *   - OpenCode splits on `\n`, takes a header when the line starts with
 *     `*** Add File:` (no space needed) and the path with JS `trim()`; a
 *     `*** Move to:` counts only right after an Update header.
 *   - Codex trims the line first (Rust's Unicode whitespace, which is not
 *     JS's: it includes U+0085, excludes U+FEFF), needs the space after the
 *     colon and keeps any further whitespace in the path; its Move line is not
 *     trimmed at all.
 * permc takes the union: every line whose trimmed text starts with a header
 * counts wherever it stands, its path is the JS-trimmed text after the colon,
 * and a header a host could read as a different path (a control character or
 * line separator in it, whitespace that only one host keeps, nothing at all)
 * or a `***` line that is no marker makes the patch unreadable. An unreadable
 * patch is refused as a whole, never read for the files it seems to name.
 * Pure: no host is imported.
 */

/** The four headers that name a file; a line starting with one of them (after trimming) names that file. */
const HEADERS = ["*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:"] as const;
/** The other lines that start with `***` and are part of the grammar. */
const MARKERS = new Set(["*** Begin Patch", "*** End Patch", "*** End of File"]);
/** Whitespace either host trims: JS's `trim()` set plus U+0085, which Rust trims and JS does not. */
const EITHER_SPACE = /^[\s\u0085]+|[\s\u0085]+$/g;
/** Characters a path may not hold: controls (C0, DEL, C1), line and paragraph separators, and the BOM only JS trims. */
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
/** Whitespace at the start of a path once the one space the grammar puts after the colon is gone. */
const LEADING_SPACE = /^[\s\u0085]/;
/** Whitespace at the end of a header line, before the line end a host strips (`\r` of `\r\n`). */
const TRAILING_SPACE = /[\s\u0085]$/;

export type PatchReading = { readonly files: readonly string[] } | { readonly unreadable: string };

/** Every file a patch adds, updates, deletes or moves to, in order, each once; or why the patch cannot be read. */
export function readPatchFiles(text: unknown): PatchReading {
  if (typeof text !== "string") return { unreadable: "the patch text is not a string" };
  const files: string[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    const trimmed = line.replace(EITHER_SPACE, "");
    const header = HEADERS.find((h) => trimmed.startsWith(h));
    if (header === undefined) {
      if (MARKERS.has(trimmed)) continue;
      // OpenCode stops a file's body at any line starting with `***` and reads it as a header; Codex fails on one it does not know.
      if (line.startsWith("***")) return { unreadable: `line ${index + 1} starts with '***' but is no patch marker: ${JSON.stringify(clip(line))}` };
      continue;
    }
    const path = headerPath(line, header);
    if (typeof path !== "string") return { unreadable: `line ${index + 1} (${JSON.stringify(clip(line))}): ${path.why}` };
    if (!files.includes(path)) files.push(path);
  }
  return { files };
}

/** The path a header line names, or why a host could read another one. */
function headerPath(line: string, header: string): string | { why: string } {
  const start = line.indexOf(header) + header.length;
  // A `\r\n` line end is stripped by both hosts; any other whitespace at the end is kept by Codex's Move line.
  const body = line.endsWith("\r") ? line.slice(start, -1) : line.slice(start);
  const path = body.trim();
  if (path === "") return { why: "the header names no file" };
  if (UNSAFE_IN_PATH.test(body)) return { why: "the path holds a control character, a line separator or a byte-order mark" };
  const afterSpace = body.startsWith(" ") ? body.slice(1) : body;
  if (LEADING_SPACE.test(afterSpace) || TRAILING_SPACE.test(afterSpace))
    return { why: "whitespace around the path is part of the name to one host and trimmed by another" };
  return path;
}

function clip(line: string): string {
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}
