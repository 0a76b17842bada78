/**
 * The edges a newcomer hits first: output folders that do not exist yet,
 * missing files, misspelt options and commands, a terminal on stdin, colour
 * settings. In-process (test/support/cli.ts); the process boundary itself is
 * covered by process-boundary.test.ts.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useColor } from "../../cli/io.js";
import { COMMANDS, HELP } from "../../cli/run.js";
import { TTY_HINT } from "../../cli/eval-command.js";
import { loadPolicy } from "../../runtime/index.js";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("edges");
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const GOOD = JSON.stringify({ permission: { bash: { "*": "ask", "git *": "allow" } } });
const INTERNAL = /internal error|ENOENT|at .*\.[jt]s:\d+/;

describe("output folders are created", () => {
  it("compile -o .pi/permc/policy.mjs into a folder that does not exist", async () => {
    const out = path.join(dir, "fresh", ".pi", "permc", "policy.mjs");
    const r = await permc(["compile", file("mk.json", GOOD), "-o", out, "--home", "/h"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect((await loadPolicy(out, { home: "/h" })).check("bash", "git log").action).toBe("allow");
  });

  it("watch -o into a folder that does not exist", async () => {
    const out = path.join(dir, "fresh-watch", "deep", "policy.mjs");
    const stop = new AbortController();
    const running = permc(["watch", file("w.json", GOOD), "-o", out, "--home", "/h"], { signal: stop.signal });
    for (let i = 0; i < 400 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 25));
    stop.abort();
    const r = await running;
    expect(r.stderr).not.toMatch(INTERNAL);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^compiled .* → /);
    expect(existsSync(out)).toBe(true);
  });
});

describe("a missing file gets a clean diagnostic and a non-zero exit", () => {
  const missing = path.join(dir, "no-such.perm");

  it.each([
    ["fmt", ["fmt", missing]],
    ["fmt --write", ["fmt", missing, "--write"]],
    ["compile", ["compile", missing, "-o", path.join(dir, "x.mjs")]],
    ["lint", ["lint", missing]],
    ["test", ["test", missing]],
    ["convert", ["convert", missing]],
    ["diff", ["diff", missing, missing]],
  ])("%s", async (_name, args) => {
    const r = await permc(args);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("unreadable-input");
    expect(r.stderr).toContain("no such file");
    expect(r.stderr).not.toMatch(INTERNAL);
  });

  it("watch does not start, and never claims a last good module", async () => {
    const r = await permc(["watch", missing, "-o", path.join(dir, "never.mjs")]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("unreadable-input");
    expect(r.stderr).not.toContain("kept the last good module");
    expect(r.stderr).not.toMatch(INTERNAL);
  });

  it("watch on a file that does not compile yet says no module was written, not that one was kept", async () => {
    const stop = new AbortController();
    const out = path.join(dir, "watch-broken.mjs");
    const running = permc(["watch", file("broken.json", '{"permission": {"bash": "sometimes"}}'), "-o", out], { signal: stop.signal });
    setTimeout(() => stop.abort(), 300);
    const r = await running;
    expect(r.stderr).toContain(`no module written to ${out} yet`);
    expect(r.stderr).not.toContain("kept the last good module");
  });

  it("eval --policy on a missing module: a clean error, a deny for every request, exit 1", async () => {
    const r = await permc(["eval", "--policy", path.join(dir, "none.mjs")], { input: '{"surface":"bash","value":"ls"}\n' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^permc eval: error: .*none\.mjs.*; every request is denied\n$/);
    expect(r.stderr).not.toMatch(/internal error|at .*\.[jt]s:\d+/);
    expect(JSON.parse(r.stdout)).toMatchObject({ action: "deny" });
  });
});

describe("misspellings get a did-you-mean, not Node's raw message", () => {
  it.each([
    [["compile", "x.json", "--output", "y.mjs"], "unknown option --output; did you mean -o/--out?"],
    [["compile", "x.json", "--hom", "/h"], "unknown option --hom; did you mean --home?"],
    [["compile", "x.json", "--projcet", "p.json"], "unknown option --projcet; did you mean --project?"],
    [["eval", "--polcy", "p.mjs"], "unknown option --polcy; did you mean --policy?"],
    [["diff", "a", "b", "--fail-on-widening"], "unknown option --fail-on-widening; did you mean --fail-on-widen?"],
    [["eval", "--policy"], "option --policy needs a value"],
    [["eval", "--yolo=1", "--policy", "p"], "option --yolo takes no value"],
    [["eval", "extra"], 'unexpected argument "extra"'],
    [["compile", "--project"], "--project needs a file"],
  ])("%j", async (args, message) => {
    const r = await permc(args);
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(`permc ${args[0]}: ${message}`);
    expect(r.stderr).not.toContain("To specify a positional argument");
    expect(r.stderr).toContain(`usage: permc ${args[0]}`);
  });

  it.each([
    ["compiel", "compile"],
    ["evl", "eval"],
    ["imoprt", "import"],
    ["--verison", "--version"],
  ])("unknown command %s → %s", async (typo, meant) => {
    const r = await permc([typo]);
    expect(r.status).toBe(2);
    const what = typo.startsWith("-") ? "option" : "command";
    expect(r.stderr.split("\n")[0]).toBe(`permc: unknown ${what} \`${typo}\`; did you mean \`${meant}\`?`);
    expect(r.stdout).toBe("");
  });

  it("a word that is no command's near miss gets no guess", async () => {
    const r = await permc(["frobnicate"]);
    expect(r.stderr.split("\n")[0]).toBe("permc: unknown command `frobnicate`");
  });
});

describe("help", () => {
  it("lists every command on one line each, complete, within 80 columns", async () => {
    const r = await permc(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(HELP + "\n");
    for (const line of r.stdout.split("\n")) expect(line.length, line).toBeLessThanOrEqual(80);
    for (const [name, c] of Object.entries(COMMANDS)) {
      expect(r.stdout).toContain(`  ${name.padEnd(9)} ${c.summary}\n`);
      expect(c.summary).toMatch(/[a-z)]$/); // a phrase, not cut off mid-way ("… into permc's")
      expect(c.summary).not.toMatch(/\b(into|to|of|the|a|and|or)$/);
    }
  });

  it("every command's own help starts with its usage line", async () => {
    for (const name of Object.keys(COMMANDS)) {
      const r = await permc([name, "--help"]);
      expect(r.status).toBe(0);
      expect(r.stdout.startsWith(`usage: permc ${name}`), name).toBe(true);
    }
  });
});

describe("eval on a terminal", () => {
  const policy = path.join(dir, "tty.mjs");
  beforeAll(async () => {
    expect((await permc(["compile", file("tty.json", GOOD), "-o", policy, "--home", "/h"])).status).toBe(0);
  });

  it("says that it reads JSONL from standard input", async () => {
    const r = await permc(["eval", "--policy", policy, "--home", "/h"], { tty: true, input: "" });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(TTY_HINT + "\n");
    expect(TTY_HINT).toMatch(/standard input/);
    expect(TTY_HINT).toMatch(/JSONL/);
  });

  it("is silent when stdin is a pipe", async () => {
    const r = await permc(["eval", "--policy", policy, "--home", "/h"], { input: '{"surface":"bash","value":"git log"}\n' });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ action: "allow" });
  });
});

describe("colour", () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  it.each([
    [tty, {}, true],
    [pipe, {}, false],
    [tty, { NO_COLOR: "1" }, false],
    [tty, { NO_COLOR: "" }, true],
    [tty, { TERM: "dumb" }, false],
    [tty, { FORCE_COLOR: "0" }, false],
    [tty, { FORCE_COLOR: "false" }, false],
    [pipe, { FORCE_COLOR: "1" }, true],
    [pipe, { FORCE_COLOR: "" }, true],
    [tty, { FORCE_COLOR: "1", NO_COLOR: "1" }, true],
    [pipe, { FORCE_COLOR: "1", TERM: "dumb" }, true],
  ])("stream %o with %o → %s", (stream, env, expected) => {
    expect(useColor(stream, env)).toBe(expected);
  });

  it("diagnostics are painted only when asked", async () => {
    const bad = file("colour.json", '{"permission": {"bash": "sometimes"}}');
    const out = path.join(dir, "colour.mjs");
    const forced = await permc(["compile", bad, "-o", out], { env: { NO_COLOR: undefined, FORCE_COLOR: "1" } });
    expect(forced.stderr).toMatch(/\x1b\[/);
    for (const env of [{ NO_COLOR: undefined, FORCE_COLOR: "0" }, { NO_COLOR: "1" }, { NO_COLOR: undefined, FORCE_COLOR: undefined, TERM: "dumb" }]) {
      const plain = await permc(["compile", bad, "-o", out], { env });
      expect(plain.stderr).toContain("error[PC");
      expect(plain.stderr).not.toMatch(/\x1b\[/);
    }
  });
});
