/**
 * `npm run hunt [-- --generator classic|options|runs|env --seed N --budget N --jobs N --timeout MS --max-seconds S --json]`:
 * the leak hunt (docs/closed-world.md, "The hunt"). Exit 1 on a finding.
 */
import { parseArgs } from "node:util";
import { type Finding, findingClass, GENERATORS, runHunt, summaryLine } from "./hunt.js";

const { values } = parseArgs({
  options: {
    generator: { type: "string", default: "classic" },
    seed: { type: "string", default: "1" },
    budget: { type: "string", default: "500" },
    jobs: { type: "string", default: "2" },
    timeout: { type: "string", default: "3000" },
    "max-seconds": { type: "string", default: "1200" },
    json: { type: "boolean", default: false },
  },
});

const int = (name: string, v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`hunt: --${name} wants a whole number, not ${v}\n`);
    process.exit(2);
  }
  return n;
};

const generator = GENERATORS.find((g) => g === values.generator);
if (generator === undefined) {
  process.stderr.write(`hunt: --generator is ${GENERATORS.join(", ")}, not ${values.generator}\n`);
  process.exit(2);
}

try {
  const result = await runHunt({
    generator,
    seed: int("seed", values.seed),
    budget: int("budget", values.budget),
    jobs: int("jobs", values.jobs),
    timeoutMs: int("timeout", values.timeout),
    maxSeconds: int("max-seconds", values["max-seconds"]),
    onProgress: values.json || !process.stderr.isTTY ? undefined : (done, total) => process.stderr.write(`\r${done}/${total}`),
  });
  if (values.json) {
    process.stdout.write(JSON.stringify(result, null, 1) + "\n");
  } else {
    if (process.stderr.isTTY) process.stderr.write("\n");
    const byClass = new Map<string, Finding[]>();
    for (const f of result.findings) byClass.set(findingClass(f), [...(byClass.get(findingClass(f)) ?? []), f]);
    for (const [cls, fs] of byClass) {
      process.stdout.write(`\n${cls} (${fs.length})\n`);
      for (const f of fs) {
        process.stdout.write(`  [${f.policy}] ${JSON.stringify(f.command)}\n`);
        for (const e of f.evidence.slice(0, 2)) process.stdout.write(`    ${e.line}\n`);
      }
    }
    const acts = Object.entries(result.actions)
      .map(([a, n]) => `${n} ${a}`)
      .join(", ");
    process.stdout.write(
      `seed ${result.seed}; decisions: ${acts}; ${result.records} strace records; ${result.timedOut} timed out; ${result.seconds.toFixed(1)} s\n${summaryLine(result)}\n`,
    );
  }
  process.exit(result.findings.length > 0 ? 1 : 0);
} catch (e) {
  process.stderr.write(`hunt: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}
