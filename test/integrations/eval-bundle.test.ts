/**
 * `permc eval` as the bin runs it: from the hook's bundle and V8's code cache
 * (cli/cached-hook.ts runCachedEval), falling back to the command table when
 * the bundle cannot be loaded. Whichever way it runs, every answer, message
 * and exit status is the in-process command's.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOOK_BUNDLE, HOOK_CACHE } from "../../cli/cached-hook.js";
import { permc } from "../support/cli.js";
import { copiedBin } from "../support/copied-package.js";
import { ROOT } from "../support/fixtures.js";
import { tempDir } from "../support/temp-dir.js";

const POLICY = path.join(ROOT, "generated", "example-policy.mjs");
const CWD = tempDir("eval-bundle-cwd");
const ARGS = ["eval", "--policy", POLICY, "--home", "/home/user", "--cwd", CWD];
/** Surface checks, plain and tree-sitter bash, file tools, and lines the command refuses. */
const REQUESTS = [
  '{"surface":"bash","value":"git status"}',
  '{"tool":"bash","input":{"command":"git status && npm run lint"}}',
  '{"tool":"bash","input":{"command":"for ((i = 0; i < 2; i++)); do rm -rf x; done"}}',
  '{"tool":"bash","input":{"command":"diff <(sort a) <(sort b)"}}',
  '{"tool":"read","input":{"path":".env"}}',
  '{"tool":"write","input":{"path":"/etc/hosts","content":""}}',
  "not json",
  "[1]",
  '{"tool":"bash"}',
  '{"surface":"bash"}',
].join("\n");

function bin(entry: string, args: readonly string[], input = ""): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [entry, ...args], { input, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("permc eval through the bin", () => {
  const entry = path.join(ROOT, "dist", "bin", "permc.js");

  it("answers every line as the command does in-process, and exits as it does", async () => {
    const expected = await permc(ARGS, { input: `${REQUESTS}\n` });
    const r = bin(entry, ARGS, `${REQUESTS}\n`);
    expect(r.stdout.split("\n").length).toBe(REQUESTS.split("\n").length + 1);
    expect(r).toEqual({ status: expected.status, stdout: expected.stdout, stderr: expected.stderr });
  });

  it.each([
    ["without --policy (a usage error: the message and eval's help, exit 2)", ["eval"]],
    ["with an unknown option", ["eval", "--policy", POLICY, "--bogus"]],
    ["with a module that is not there (every request denied, exit 1)", ["eval", "--policy", path.join(CWD, "none.mjs")]],
  ])("%s", async (_, args) => {
    const input = '{"surface":"bash","value":"ls"}\n';
    const expected = await permc(args, { input });
    expect(bin(entry, args, input)).toEqual({ status: expected.status, stdout: expected.stdout, stderr: expected.stderr });
  });

  it("without the bundle, or with its cache missing or tampered, answers the same", async () => {
    const copy = copiedBin("eval-bundle-package");
    const expected = await permc(ARGS, { input: `${REQUESTS}\n` });
    const same = () =>
      expect(bin(path.join(copy, "permc.js"), ARGS, `${REQUESTS}\n`)).toEqual({ status: expected.status, stdout: expected.stdout, stderr: expected.stderr });
    const cache = path.join(copy, HOOK_CACHE);
    rmSync(cache);
    same();
    writeFileSync(cache, "tampered");
    same();
    // A cache refused is written anew after the answers, unless the run loaded the grammar (its V8 flags would make
    // the next start reject the cache): a plain request alone rewrites it.
    expect(readFileSync(cache, "utf8")).toBe("tampered");
    bin(path.join(copy, "permc.js"), ARGS, '{"surface":"bash","value":"git status"}\n');
    expect(readFileSync(cache).subarray(0, 21).toString()).toBe("permc v8 code cache 1");
    rmSync(path.join(copy, HOOK_BUNDLE));
    same();
  });
});
