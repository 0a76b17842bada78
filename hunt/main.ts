/**
 * `npm run hunt [-- --generator classic|options|runs|env --seed N --budget N --jobs N --timeout MS --max-seconds S --json]`:
 * the leak hunt (docs/closed-world.md, "The hunt"). Exit 1 on a finding.
 */
import { readHuntArguments } from "./arguments.js";
import { type Finding, findingClass, runHunt, summaryLine } from "./hunt.js";

const commandLine = readHuntArguments(process.argv.slice(2));
if ("exit" in commandLine) {
  (commandLine.exit === 0 ? process.stdout : process.stderr).write(commandLine.text);
  process.exit(commandLine.exit);
}
const { run: values } = commandLine;

try {
  const result = await runHunt({
    generator: values.generator,
    seed: values.seed,
    budget: values.budget,
    jobs: values.jobs,
    timeoutMs: values.timeoutMs,
    maxSeconds: values.maxSeconds,
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
