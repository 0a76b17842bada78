/**
 * The decisions: each policy compiled with the built CLI, then every command
 * of that policy decided in one `permc eval` process (JSONL in, JSONL out).
 */
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FixturePaths } from "./fixture.js";
import type { PolicyName } from "./generate.js";

export const POLICIES: Record<PolicyName, unknown> = {
  P1: { "*": "allow", bash: { "*": "allow", "rm *": "deny", "curl *": "deny", "git push *": "deny" } },
  P2: { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "deny", "/etc/*": "deny", "~/.ssh/*": "deny" } },
};

function node(args: readonly string[], input: string, env?: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"], env: env ?? process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The built CLI (npm run build); the hunt judges what ships. */
export function permcBin(repo: string): string {
  const bin = path.join(repo, "dist", "bin", "permc.js");
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
  return bin;
}

/** Compiles `policy` into dir/NAME.mjs and returns its path. */
export async function compilePolicy(bin: string, dir: string, name: PolicyName, paths: FixturePaths): Promise<string> {
  const src = path.join(dir, `${name}.json`);
  const mod = path.join(dir, `${name}.mjs`);
  writeFileSync(src, JSON.stringify({ permission: POLICIES[name] }));
  const r = await node([bin, "compile", src, "-o", mod, "--home", paths.home], "");
  if (r.status !== 0) throw new Error(`permc compile ${name} failed: ${r.stderr}`);
  return mod;
}

/** The action for each command, in order, decided in `env`: the environment the commands run in (fixture.ts). */
export async function decideAll(bin: string, mod: string, commands: readonly string[], paths: FixturePaths, env: NodeJS.ProcessEnv): Promise<string[]> {
  return (await answerAll(bin, mod, commands, paths, env)).map((l) => (JSON.parse(l) as { action: string }).action);
}

/** `permc eval`'s whole answer for each command, in order: its action, units, floors and reasons (one JSON line each). */
export async function answerAll(bin: string, mod: string, commands: readonly string[], paths: FixturePaths, env: NodeJS.ProcessEnv): Promise<string[]> {
  if (commands.length === 0) return [];
  const input = commands.map((command) => JSON.stringify({ tool: "bash", input: { command } })).join("\n") + "\n";
  const r = await node([bin, "eval", "--policy", mod, "--cwd", paths.proj, "--home", paths.home], input, env);
  if (r.status !== 0) throw new Error(`permc eval failed (${r.status}): ${r.stderr}`);
  const lines = r.stdout.split("\n").filter((l) => l.trim() !== "");
  if (lines.length !== commands.length) throw new Error(`permc eval answered ${lines.length} of ${commands.length} requests`);
  return lines;
}
