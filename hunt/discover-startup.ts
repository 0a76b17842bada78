/**
 * `npm run hunt:discover-startup`: refreshes the start-up files cache
 * (hunt/data/startup-reads.json, startup-reads.ts) from the programs
 * installed here, the same programs the variables discovery asks
 * (discover-env.ts). Needs bubblewrap and strace, and some minutes.
 * `-- --programs a,b` traces only those programs again and keeps the
 * cache's answers for the others. Review the cache's diff before committing
 * it: test/hunt/startup-reads.test.ts then holds every new lookup to permc's
 * decisions or to a review (data/reviewed-startup-files.ts).
 */
import { writeFileSync } from "node:fs";
import { discoveryPath, discoveryPrograms, systemRelease } from "./discovery-programs.js";
import { repoRoot } from "./fixture.js";
import { missingTools } from "./sandbox.js";
import { discoverStartupReads, readStartupReads, type StartupReads, startupReadsFile } from "./startup-reads.js";

const missing = missingTools();
if (missing !== null) {
  process.stderr.write(`hunt:discover-startup: ${missing}\n`);
  process.exit(2);
}
const chosen = discoveryPrograms(process.argv, "hunt:discover-startup");
const PATH = discoveryPath(process.argv);

/** One program to a line, so a refresh reviews as a diff of the programs whose lookups changed. */
function cacheText(c: StartupReads): string {
  const lines = Object.entries(c.programs).map(([n, v]) => `  ${JSON.stringify(n)}: ${JSON.stringify(v)}`);
  return `{\n "discovered": ${JSON.stringify(c.discovered)},\n "programs": {\n${lines.join(",\n")}\n }\n}\n`;
}

try {
  const progress = process.stderr.isTTY ? (done: number, total: number) => process.stderr.write(`\r${done}/${total}`) : undefined;
  const traced = await discoverStartupReads(chosen.programs, PATH, { onProgress: progress });
  // A partial refresh keeps what the cache says of every program it did not trace.
  const kept = chosen.partial ? readStartupReads(repoRoot()).programs : {};
  const merged = { ...Object.fromEntries(Object.entries(kept).filter(([n]) => !chosen.programs.includes(n))), ...traced };
  const found = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const lookups = Object.values(found).reduce((n, v) => n + v.length, 0);
  const cache: StartupReads = {
    discovered: `${new Date().toISOString().slice(0, 10)} on ${systemRelease()}: ${Object.keys(found).length} programs, ${lookups} (program, file) lookups`,
    programs: found,
  };
  writeFileSync(startupReadsFile(repoRoot()), cacheText(cache));
  process.stdout.write(`\n${cache.discovered}\n`);
} catch (e) {
  process.stderr.write(`hunt:discover-startup: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}
