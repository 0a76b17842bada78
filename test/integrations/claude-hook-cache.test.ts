/**
 * The hook as the bin runs it: from its own bundle, compiled with V8's code
 * cache (cli/cached-hook.ts). A cache is only a shortcut: whatever state it is
 * in (valid, missing, tampered, truncated, of another source, refused by V8),
 * every answer is the regular command's, byte for byte.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { HOOK_BUNDLE, HOOK_CACHE, loadHookBundle, type LoadedHookBundle, runCachedHook, writeHookCache } from "../../cli/cached-hook.js";
import { decodeCodeCache, encodeCodeCache } from "../../cli/code-cache-file.js";
import { decideHook } from "../../cli/hook-command.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { copiedBin } from "../support/copied-package.js";
import { ROOT } from "../support/fixtures.js";
import { tempDir } from "../support/temp-dir.js";
import { blockedCases, HOOK_HOME, HOOK_PERMISSION, hookEvent, toolCases } from "./claude-hook-events.js";

const BIN = path.join(ROOT, "dist", "bin");
const PROJECT = tempDir("hook-cache-project");
mkdirSync(path.join(PROJECT, "src"));
/** A copy of the package's layout, so tests may break its cache. */
const COPY_BIN = copiedBin("hook-cache-package");
const cacheFile = path.join(COPY_BIN, HOOK_CACHE);

let argv: string[];
const events = () => [...toolCases(PROJECT).map(([tool, input]) => hookEvent(PROJECT, tool, input)), ...blockedCases(PROJECT).map(([, text]) => text)];

beforeAll(async () => {
  const c = await compileAndLoad([piJson(HOOK_PERMISSION)], { home: HOOK_HOME });
  argv = ["claude", "--policy", c.modulePath!, "--home", HOOK_HOME];
});

/** What the regular command answers (in-process: cli/hook-command.ts). */
async function regular(text: string, args: readonly string[] = argv) {
  const { outcome } = await decideHook(args, () => text);
  return { exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr };
}

async function answers(loaded: LoadedHookBundle, texts: readonly string[]) {
  const out = [];
  for (const text of texts) {
    const { outcome } = await loaded.bundle.decideQuietly(argv, text);
    out.push({ exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr });
  }
  return out;
}

describe("the bundle, loaded in this process", () => {
  let expected: Awaited<ReturnType<typeof regular>>[];
  let valid: Buffer;
  beforeAll(async () => {
    expected = [];
    for (const text of events()) expected.push(await regular(text));
    // A cache made under this process's V8 flags (the build's was made under the bin's).
    rmSync(cacheFile, { force: true });
    const fresh = loadHookBundle(COPY_BIN);
    expect(fresh.cache).toBe("missing");
    expect(writeHookCache(COPY_BIN, fresh)).toBe(true);
    valid = readFileSync(cacheFile);
  });

  const source = () => readFileSync(path.join(COPY_BIN, HOOK_BUNDLE));
  const payloadOf = (file: Buffer) => file.subarray(file.indexOf(0x0a, file.indexOf(0x0a) + 1) + 1);
  it.each([
    ["a valid cache", () => valid, "accepted"],
    ["no cache", null, "missing"],
    [
      "a payload changed in place",
      () => Buffer.concat([valid.subarray(0, -100), Buffer.from(valid.subarray(-100).map((b) => b ^ 0x55))]),
      "refused: payload differs",
    ],
    ["a truncated cache", () => valid.subarray(0, valid.length >> 1), "refused: length differs"],
    ["the cache of another source", () => encodeCodeCache(Buffer.from(`${source()}\n`), payloadOf(valid)), "refused: source differs"],
    ["garbage", () => Buffer.from("not a cache"), "refused: not a permc code cache"],
  ] as const)("with %s: the same answers as the regular command, for every fixture", async (_name, cache, state) => {
    if (cache === null) rmSync(cacheFile, { force: true });
    else writeFileSync(cacheFile, cache());
    const loaded = loadHookBundle(COPY_BIN);
    expect(loaded.cache).toBe(state);
    expect(await answers(loaded, events())).toEqual(expected);
  });

  it("with a cache that has permc's header but that V8 refuses: the same answers", async () => {
    // A source this process has not compiled yet: V8 keeps what it compiled in memory and would not look at the cache.
    const original = source();
    const other = Buffer.concat([original, Buffer.from("\n// another build\n")]);
    try {
      writeFileSync(path.join(COPY_BIN, HOOK_BUNDLE), other);
      writeFileSync(cacheFile, encodeCodeCache(other, Buffer.alloc(4096, 7)));
      const loaded = loadHookBundle(COPY_BIN);
      expect(loaded.cache).toBe("rejected by V8");
      expect(await answers(loaded, events())).toEqual(expected);
    } finally {
      writeFileSync(path.join(COPY_BIN, HOOK_BUNDLE), original);
    }
  });

  it("a cache is bound to the source it was compiled from, not to the file as it is when the cache is written", () => {
    const bundle = path.join(COPY_BIN, HOOK_BUNDLE);
    const original = source();
    const loaded = loadHookBundle(COPY_BIN, { useCache: false });
    // Rebuilt between the compile and the write: the same length, another source.
    const rebuilt = Buffer.from(original);
    const middle = rebuilt.length >> 1;
    rebuilt[middle] = rebuilt[middle] === 0x61 ? 0x62 : 0x61;
    try {
      writeFileSync(bundle, rebuilt);
      expect(writeHookCache(COPY_BIN, loaded)).toBe(true);
      expect(decodeCodeCache(readFileSync(cacheFile), rebuilt)).toEqual({ problem: "source differs" });
      expect("payload" in decodeCodeCache(readFileSync(cacheFile), original)).toBe(true);
    } finally {
      writeFileSync(bundle, original);
    }
  });

  it("bad usage blocks as the regular command does", async () => {
    const loaded = loadHookBundle(COPY_BIN);
    for (const args of [["claude"], ["codex", "--policy", "x.mjs"], ["claude", "--policy", path.join(PROJECT, "missing.mjs")], ["claude", "--bogus"]]) {
      const { outcome } = await loaded.bundle.decideQuietly(args, hookEvent(PROJECT, "Bash", { command: "git status" }));
      expect({ exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr }).toEqual(
        await regular(hookEvent(PROJECT, "Bash", { command: "git status" }), args),
      );
    }
  });

  it("a missing or unparseable bundle is no hook answer: the bin falls back to the regular command", async () => {
    const empty = tempDir("hook-cache-empty");
    expect(await runCachedHook(argv, empty)).toBeNull();
    writeFileSync(path.join(empty, HOOK_BUNDLE), "(function (exports) {");
    expect(await runCachedHook(argv, empty)).toBeNull();
  });
});

describe("the process boundary (what Claude Code runs)", () => {
  const run = (bin: string, text: string, args: readonly string[] = argv) => {
    const r = spawnSync(process.execPath, [bin, "hook", ...args], { input: text, encoding: "utf8", timeout: 60_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const bundled = path.join(BIN, "permc.js");
  /** tsc's output: no bundle beside it, so the regular command answers. */
  const unbundled = path.join(ROOT, "dist", "cli", "main.js");

  it("the bin answers byte for byte as the regular command: decisions, blocks, bad input", () => {
    const texts = [
      hookEvent(PROJECT, "Bash", { command: "git push origin main" }),
      hookEvent(PROJECT, "Read", { file_path: path.join(PROJECT, "src", "a.ts") }),
      hookEvent(PROJECT, "Bash", { command: "git commit -m 'wip' && rm -rf build" }),
      "{tool_name: Bash",
    ];
    for (const text of texts) expect(run(bundled, text)).toEqual(run(unbundled, text));
    const badModule = ["claude", "--policy", path.join(PROJECT, "nope.mjs"), "--home", HOOK_HOME];
    expect(run(bundled, texts[0]!, badModule)).toEqual(run(unbundled, texts[0]!, badModule));
  });

  it("`permc init claude`'s entry (permc-claude-hook.cjs) answers as `permc hook claude`; its --help is the command's", () => {
    const entry = path.join(BIN, "permc-claude-hook.cjs");
    const direct = (text: string, args: readonly string[] = argv.slice(1)) => {
      const r = spawnSync(process.execPath, [entry, ...args], { input: text, encoding: "utf8", timeout: 60_000 });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    for (const text of [hookEvent(PROJECT, "Bash", { command: "git push origin main" }), "[]"]) expect(direct(text)).toEqual(run(unbundled, text));
    const help = direct("", ["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: permc hook claude --policy/);
  });

  it("without its bundle, permc-claude-hook.cjs runs the regular bin: the same answer", async () => {
    const text = hookEvent(PROJECT, "Bash", { command: "git push origin main" });
    const expected = await regular(text);
    const bundle = path.join(COPY_BIN, HOOK_BUNDLE);
    const kept = readFileSync(bundle);
    rmSync(bundle);
    try {
      const r = spawnSync(process.execPath, [path.join(COPY_BIN, "permc-claude-hook.cjs"), ...argv.slice(1)], {
        input: text,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect({ exitCode: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual(expected);
    } finally {
      writeFileSync(bundle, kept);
    }
  });

  it("a missing or tampered cache: the same decision, and the cache is written anew", async () => {
    const text = hookEvent(PROJECT, "Bash", { command: "git push origin main" });
    const expected = await regular(text);
    const copied = path.join(COPY_BIN, "permc.js");
    for (const breakIt of [() => rmSync(cacheFile), () => writeFileSync(cacheFile, Buffer.from("tampered"))]) {
      breakIt();
      const r = run(copied, text);
      expect({ exitCode: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual(expected);
      expect(existsSync(cacheFile) && readFileSync(cacheFile).subarray(0, 21).toString()).toBe("permc v8 code cache 1");
    }
  });
});
