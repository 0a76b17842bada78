import { readFileSync } from "node:fs";
import { allNotes, IMPORT_FORMATS, importPolicy, renderJson, renderPerm, type ImportFormat, type ImportNote } from "../compiler/import/index.js";
import { formatFrom } from "./compile-command.js";
import { parseOptions, UsageError } from "./usage.js";

/**
 * `permc import <claude|opencode|codex|gemini> <file> [--to perm|json] [--agent NAME] [--accept-lossy]`:
 * the policy on stdout; on stderr, every rule that did not translate exactly
 * and why (one JSON object with `--format json`). An import that would be
 * more permissive than its source (a deny or ask lost or narrowed) is an
 * error, and prints nothing, unless --accept-lossy says that is wanted.
 */
export function runImport(argv: readonly string[]): number {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { to: { type: "string" }, format: { type: "string" }, agent: { type: "string" }, "accept-lossy": { type: "boolean" } },
  });
  const format = formatFrom(values.format);
  if (positionals.length !== 2) throw new UsageError("import takes a format and one file");
  const [source, file] = positionals as [string, string];
  if (!IMPORT_FORMATS.includes(source as ImportFormat)) throw new UsageError(`the format must be one of ${IMPORT_FORMATS.join(", ")}`);
  const to = values.to ?? "perm";
  if (to !== "perm" && to !== "json") throw new UsageError("--to must be perm or json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    return fail(format, file, `cannot read: ${(e as Error).message}`);
  }
  const result = importPolicy(source as ImportFormat, file, text, values.agent !== undefined ? { agent: values.agent } : {});
  if ("error" in result) return fail(format, file, result.error);
  const notes = allNotes(result);
  if (to === "json" && result.tests.length > 0) {
    notes.push({ kind: "info", message: `${result.tests.length} example(s) became tests, which JSON cannot hold; import to .perm to keep them` });
  }
  const lossy = notes.filter((n) => n.widens === true).length;
  const refused = lossy > 0 && values["accept-lossy"] !== true;
  const verdict = refused
    ? `${lossy} rule${lossy === 1 ? "" : "s"} of the source would be lost or weakened (marked WIDENS); nothing imported. Fix the source, or pass --accept-lossy to import anyway`
    : undefined;
  if (!refused) process.stdout.write(to === "perm" ? renderPerm(result) : renderJson(result));
  if (format === "json") {
    process.stderr.write(
      JSON.stringify({ file, format: source, rules: result.rules.length, tests: result.tests.length, lossy, ...(verdict ? { error: verdict } : {}), notes }) +
        "\n",
    );
  } else {
    for (const n of notes) process.stderr.write(humanNote(file, n, refused) + "\n");
    if (verdict) process.stderr.write(`${file}: error: ${verdict}\n`);
  }
  return refused ? 1 : 0;
}

/** One line of the import report, as `permc import` and `permc init` print it. */
export function humanNote(file: string, n: ImportNote, refused: boolean): string {
  const kind = n.widens === true ? `${refused ? "error" : "warning"} (WIDENS, ${n.kind})` : n.kind;
  return `${file}: ${kind}: ${n.source !== undefined ? `${n.source}: ` : ""}${n.message}`;
}

function fail(format: "human" | "json", file: string, message: string): number {
  if (format === "json") process.stderr.write(JSON.stringify({ file, error: message }) + "\n");
  else process.stderr.write(`${file}: error: ${message}; nothing imported\n`);
  return 1;
}
