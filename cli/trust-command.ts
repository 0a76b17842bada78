/**
 * `permc trust [DIR] [--agent-dir D] [--revoke]`: trust a project's Pi policy
 * module (`DIR/.pi/permc/policy.mjs`) as it is now, for a Pi that cannot say
 * whether it trusts the project (runtime/pi/trusted-modules.ts). The module
 * must load as a working policy; its sha256 goes into the user's
 * `<agent dir>/permc/trusted.json`, and the extension applies it until its
 * bytes change. `--revoke` removes the entry.
 */
import os from "node:os";
import path from "node:path";
import { loadPolicy } from "../runtime/index.js";
import { defaultAgentDir, PROJECT_POLICY } from "../runtime/pi/locate-policy.js";
import { moduleDigest, readTrustFile, TRUST_FILE } from "../runtime/pi/trusted-modules.js";
import { writeAtomically } from "./atomic-write.js";
import { parseOptions, UsageError } from "./usage.js";

export async function runTrust(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { "agent-dir": { type: "string" }, home: { type: "string" }, revoke: { type: "boolean" } },
  });
  if (positionals.length > 1) throw new UsageError("trust takes one project directory");
  const project = path.resolve(positionals[0] ?? process.cwd());
  const agentDir = values["agent-dir"] !== undefined ? path.resolve(values["agent-dir"]) : defaultAgentDir(process.env);
  const modulePath = path.join(project, PROJECT_POLICY);
  const trustFile = path.join(agentDir, TRUST_FILE);
  const current = readTrustFile(agentDir);
  const modules: Record<string, string> = { ...current.modules };
  if (values.revoke === true) {
    delete modules[modulePath];
    return write(trustFile, modules, `permc trust: ${modulePath} is no longer trusted\n`);
  }
  const policy = await loadPolicy(modulePath, { home: values.home ?? os.homedir() });
  if (policy.error !== null) {
    process.stderr.write(`permc trust: ${modulePath} is not a working policy module (${policy.error}); nothing trusted\n`);
    return 1;
  }
  const digest = moduleDigest(modulePath);
  if (digest === null) {
    process.stderr.write(`permc trust: ${modulePath} cannot be read; nothing trusted\n`);
    return 1;
  }
  modules[modulePath] = digest;
  return write(
    trustFile,
    modules,
    `permc trust: Pi's permc extension applies ${modulePath} (${digest.slice(0, 19)}…) until it changes; trust kept in ${trustFile}\n`,
  );
}

function write(trustFile: string, modules: Record<string, string>, done: string): number {
  try {
    writeAtomically(trustFile, `${JSON.stringify({ version: 1, modules }, null, 2)}\n`);
  } catch (e) {
    // A WriteFailure names the file and the reason.
    process.stderr.write(`permc trust: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  process.stdout.write(done);
  return 0;
}
