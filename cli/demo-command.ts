import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "../compiler/pipeline.js";
import { loadPolicy } from "../runtime/index.js";
import { readFailure } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { writeAtomically } from "./atomic-write.js";
import { summaryLine } from "./compile-command.js";
import { parseOptions } from "./usage.js";

/** The package root: the example ships with the package, so the demo works installed as well as in a checkout. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Named relative to the package root, so the module's rule sources read `examples/policy.json:4:5` wherever it runs. */
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
  ["external_directory_read", "/tmp/scratch/x"],
  ["web_fetch", "*"],
];

/**
 * `permc demo [-o FILE]`: compiles the bundled example and prints sample
 * decisions. The module goes to FILE (`npm start` keeps it in
 * generated/example-policy.mjs), else to a temporary folder removed after.
 */
export async function runDemo(argv: readonly string[] = []): Promise<number> {
  const { values } = parseOptions({ args: argv, options: { out: { type: "string", short: "o" } } });
  const started = performance.now();
  let text: string;
  try {
    text = readFileSync(path.join(ROOT, EXAMPLE_INPUT), "utf8");
  } catch (e) {
    process.stderr.write(`permc demo: error: cannot read the bundled example ${path.join(ROOT, EXAMPLE_INPUT)}: ${readFailure(e)}\n`);
    return 1;
  }
  const result = compile({
    inputs: [{ file: EXAMPLE_INPUT, text, scope: "global", kind: "pi-json" }],
    target: { home: EXAMPLE_HOME, platform: "posix" },
    command: `permc compile ${EXAMPLE_INPUT} -o ${EXAMPLE_OUTPUT} --home ${EXAMPLE_HOME} --platform posix`,
  });
  reportDiagnostics(result.diagnostics, result.sources, "human");
  if (result.moduleText === null) return 1;
  const scratch = values.out === undefined ? mkdtempSync(path.join(os.tmpdir(), "permc-demo-")) : null;
  const out = values.out ?? path.join(scratch!, "example-policy.mjs");
  try {
    writeAtomically(out, result.moduleText);
    process.stdout.write(summaryLine(result, Math.round(performance.now() - started), values.out ?? "(a temporary module)") + "\n\n");
    const policy = await loadPolicy(out, { home: EXAMPLE_HOME });
    if (policy.error) {
      process.stderr.write(`permc demo: error: ${policy.error}\n`);
      return 1;
    }
    const rows = SAMPLES.map(([surface, value]) => {
      const d = policy.check(surface, value);
      return [surface, value, d.action, d.matchedPattern ?? "(default)", d.origin];
    });
    process.stdout.write(table(["surface", "value", "decision", "matched", "origin"], rows) + "\n");
    return 0;
  } finally {
    if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  }
}

function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
