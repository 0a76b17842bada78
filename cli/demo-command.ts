import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "../compiler/pipeline.js";
import { loadPolicy } from "../runtime/index.js";
import { readInputs } from "./inputs.js";
import { reportDiagnostics, writeAtomically } from "./io.js";
import { summaryLine } from "./compile-command.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const EXAMPLE_INPUT = path.join("examples", "policy.json");
export const EXAMPLE_OUTPUT = path.join("generated", "example-policy.mjs");
/** The example is compiled for a fixed home so the committed module is the same on every machine. */
export const EXAMPLE_HOME = "/home/user";

const SAMPLES: ReadonlyArray<readonly [string, string]> = [
  ["bash", "git status"],
  ["bash", "git push --force origin main"],
  ["bash", "rm -rf build"],
  ["bash", "npm run lint"],
  ["bash", "make deploy"],
  ["read", "src/index.ts"],
  ["read", "config/.env"],
  ["read", "/home/user/.ssh/id_ed25519"],
  ["write", "src/app.ts"],
  ["write", "package-lock.lock"],
  ["mcp", "github:get_issue"],
  ["mcp", "github:delete_repo"],
  ["skill", "code-review"],
  ["external_directory", "/tmp/scratch/x"],
  ["web_fetch", "*"],
];

export async function runDemo(): Promise<number> {
  const started = performance.now();
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const { inputs, diagnostics } = readInputs([{ file: EXAMPLE_INPUT }]);
    if (diagnostics.length > 0) {
      reportDiagnostics(diagnostics, new Map(), "human");
      return 1;
    }
    const result = compile({
      inputs,
      target: { home: EXAMPLE_HOME, platform: "posix" },
      command: `permc compile ${EXAMPLE_INPUT} -o ${EXAMPLE_OUTPUT} --home ${EXAMPLE_HOME} --platform posix`,
    });
    reportDiagnostics(result.diagnostics, result.sources, "human");
    if (result.moduleText === null) return 1;
    mkdirSync(path.dirname(EXAMPLE_OUTPUT), { recursive: true });
    writeAtomically(EXAMPLE_OUTPUT, result.moduleText);
    process.stdout.write(summaryLine(result, Math.round(performance.now() - started), EXAMPLE_OUTPUT) + "\n\n");
    const policy = await loadPolicy(EXAMPLE_OUTPUT, { home: EXAMPLE_HOME });
    if (policy.error) {
      process.stderr.write(`permc: ${policy.error}\n`);
      return 1;
    }
    const rows = SAMPLES.map(([surface, value]) => {
      const d = policy.check(surface, value);
      return [surface, value, d.action, d.matchedPattern ?? "(default)", d.origin];
    });
    process.stdout.write(table(["surface", "value", "decision", "matched", "origin"], rows) + "\n");
    return 0;
  } finally {
    process.chdir(cwd);
  }
}

function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
