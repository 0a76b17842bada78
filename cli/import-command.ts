import { readFileSync } from "node:fs";
import { allNotes, IMPORT_FORMATS, importPolicy, renderJson, renderPerm, type ImportFormat, type ImportNote } from "../compiler/import/index.js";
import { formatFrom } from "./compile-command.js";
import { parseOptions, UsageError } from "./usage.js";


/**
 * `permc import <claude|opencode|codex> <file> [--to perm|json] [--agent NAME]`:
 * the policy on stdout; on stderr, every rule that did not translate exactly
 * and why (a JSON array with `--format json`).
 */
export function runImport(argv: readonly string[]): number {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { to: { type: "string" }, format: { type: "string" }, agent: { type: "string" } },
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
  process.stdout.write(to === "perm" ? renderPerm(result) : renderJson(result));
  if (format === "json") process.stderr.write(JSON.stringify({ file, format: source, rules: result.rules.length, tests: result.tests.length, notes }) + "\n");
  else for (const n of notes) process.stderr.write(humanNote(file, n) + "\n");
  return 0;
}

function humanNote(file: string, n: ImportNote): string {
  return `${file}: ${n.kind}: ${n.source !== undefined ? `${n.source}: ` : ""}${n.message}`;
}

function fail(format: "human" | "json", file: string, message: string): number {
  if (format === "json") process.stderr.write(JSON.stringify({ file, error: message }) + "\n");
  else process.stderr.write(`${file}: error: ${message}; nothing imported\n`);
  return 1;
}
