import { diagnostic, type Diagnostic } from "../../diagnostics/index.js";
import { byPosition } from "../by-position.js";
import { parseMiniYaml } from "./parse-mini-yaml.js";
import { getProperty, type RawEntry } from "../raw-value.js";
import { scopeDocument, type ReadResult } from "../scope-document.js";
import type { SourceInput } from "../source.js";
import { tolerantPermission } from "../tolerant-permission.js";

/**
 * Reads the `permission:` block of an agent file's frontmatter exactly as the
 * reference does. Agent scopes are tolerant: what the reference drops is
 * reported as a warning and left out. The one error is a misspelled
 * directional key (`path_wrote`), which permc refuses in every scope.
 */
export function readAgentFrontmatter(input: SourceInput): ReadResult {
  const { file, text } = input;
  const diagnostics: Diagnostic[] = [];
  const { normalized, toOriginal } = normalizeLineEndings(text);
  const empty = (): ReadResult => ({ doc: scopeDocument(input, []), diagnostics: byPosition(diagnostics) });

  if (!normalized.startsWith("---\n")) {
    const firstLine = Math.max(1, Math.min(text.length, text.search(/\r?\n|$/)));
    diagnostics.push(
      diagnostic(
        "noFrontmatter",
        "the file does not start with a `---` line, so it has no frontmatter",
        { file, start: 0, end: firstLine },
        {
          ...openingHelp(text),
          notes: ["the reference reads permissions only from frontmatter that opens on the very first line; this file contributes nothing"],
        },
      ),
    );
    return empty();
  }
  const end = normalized.indexOf("\n---", 4);
  if (end < 0) {
    diagnostics.push(
      diagnostic(
        "noFrontmatter",
        "the frontmatter is never closed with a `---` line",
        { file, start: 0, end: 3 },
        {
          help: "end the frontmatter with a line that starts with `---`",
          notes: ["the reference then reads no frontmatter at all; this file contributes nothing"],
        },
      ),
    );
    return empty();
  }

  const root = parseMiniYaml({ file, text: normalized.slice(4, end), toOriginal: (o) => toOriginal(o + 4) }, diagnostics);
  const permission = tolerantPermission(getProperty(root, "permission"), diagnostics, (entry) => keyHelp(text, entry));
  const rejected = diagnostics.some((d) => d.severity === "error");
  return { doc: rejected ? null : scopeDocument(input, permission), diagnostics: byPosition(diagnostics) };
}

/** Why a file that looks like it has frontmatter does not, for the reference. */
function openingHelp(text: string): { help?: string } {
  if (text.startsWith("\uFEFF")) return { help: "save the file without a byte-order mark; the reference then sees `---` on the first line" };
  const first = text.slice(0, text.search(/\r?\n|$/));
  if (first.trim() === "---") return { help: "the first line must be exactly `---`, with nothing before or after it" };
  if (/^\s*$/.test(first) && /^\s*\r?\n---/.test(text)) return { help: "remove the blank lines before the opening `---`" };
  return {};
}

/** A quoted key cut short at a `:` inside the quotes is the usual cause of a dropped frontmatter entry. */
function keyHelp(text: string, entry: RawEntry): string | undefined {
  const written = text.slice(entry.keySpan.start, entry.keySpan.end);
  const quote = written[0];
  if ((quote === '"' || quote === "'") && !(written.length > 1 && written.endsWith(quote))) {
    return "the reader splits each line at its first `:`, so a key cannot contain `:` (MCP `server:tool` patterns cannot be written in frontmatter; use a JSON config)";
  }
  return undefined;
}

/** CRLF → LF, as the reference does first, with a map back to original offsets. */
function normalizeLineEndings(text: string): { normalized: string; toOriginal: (offset: number) => number } {
  const removed: number[] = []; // normalized offsets at which a `\r` was dropped
  const normalized = text.replace(/\r\n/g, (_m, offset: number) => {
    removed.push(offset - removed.length);
    return "\n";
  });
  const toOriginal = (offset: number): number => {
    let lo = 0;
    let hi = removed.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (removed[mid]! < offset + 1) lo = mid + 1;
      else hi = mid;
    }
    // `lo` = number of dropped `\r` at normalized offsets <= offset, i.e. before or at this position.
    return offset + lo;
  };
  return { normalized, toOriginal };
}
