import { spawn } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPolicy } from "../../runtime/index.js";
import { permc, ROOT } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const policyWith = (gitPush: string) => JSON.stringify({ permission: { bash: { "*": "ask", "git push *": gitPush } } }, null, 2);

/** Resolves when `pred` holds for the text collected so far, or rejects after `ms`. */
function waitFor(get: () => string, pred: (s: string) => boolean, ms = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (pred(get())) resolve();
      else if (Date.now() - started > ms) reject(new Error(`timed out; output so far:\n${get()}`));
      else setTimeout(tick, 25);
    };
    tick();
  });
}

describe("permc watch: a scripted editing session", () => {
  it("recompiles on each save, keeps the last good module on a broken save, and exits 0 on Ctrl-C", async () => {
    const dir = tempDir("watch");
    const input = path.join(dir, "config.json");
    const out = path.join(dir, "policy.mjs");
    writeFileSync(input, policyWith("deny"));
    const child = spawn(process.execPath, [path.join(ROOT, "dist", "bin", "permc.js"), "watch", input, "-o", out, "--home", "/home/w"], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const compiles = () => (stdout.match(/^compiled /gm) ?? []).length;
    const decide = async () => (await loadPolicy(out, { home: "/home/w" })).check("bash", "git push origin").action;
    try {
      // "compiled" is printed before the watchers are set up; "watching" after. Edit only then.
      await waitFor(
        () => stderr,
        (s) => s.includes("watching"),
      );
      expect(compiles()).toBe(1);
      expect(await decide()).toBe("deny");

      writeFileSync(input, policyWith("allow"));
      await waitFor(
        () => stdout,
        () => compiles() === 2,
      );
      expect(await decide()).toBe("allow");

      const good = readFileSync(out, "utf8");
      writeFileSync(input, '{"permission": {"bash": {"git push *": "allow",}}}');
      await waitFor(
        () => stderr,
        (s) => s.includes("kept the last good module"),
      );
      expect(stderr).toMatch(/error\[PC\d{4}\]/);
      expect(readFileSync(out, "utf8")).toBe(good);
      expect(await decide()).toBe("allow");

      // Many editors save by writing a temp file and renaming it over the original.
      const temp = path.join(dir, ".config.json.swp");
      writeFileSync(temp, policyWith("ask"));
      renameSync(temp, input);
      await waitFor(
        () => stdout,
        () => compiles() === 3,
      );
      expect(await decide()).toBe("ask");
    } finally {
      child.kill("SIGINT");
    }
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).toBe(0);
  }, 60_000);

  it("recompiles when a file that a .perm input includes changes (in-process)", async () => {
    const dir = tempDir("watch-inc");
    writeFileSync(path.join(dir, "main.perm"), 'scope global\ndefault ask\ninclude "rules.perm"\n');
    writeFileSync(path.join(dir, "rules.perm"), 'bash "git *" deny\n');
    const out = path.join(dir, "policy.mjs");
    const live = { stdout: "", stderr: "" };
    const stop = new AbortController();
    const running = permc(["watch", path.join(dir, "main.perm"), "-o", out, "--home", "/home/w"], { signal: stop.signal, live });
    const compiles = () => (live.stdout.match(/^compiled /gm) ?? []).length;
    try {
      // The included file is watched only after the first compile reports; wait for "watching".
      await waitFor(
        () => live.stderr,
        (s) => s.includes("watching"),
      );
      expect(compiles()).toBe(1);
      writeFileSync(path.join(dir, "rules.perm"), 'bash "git *" allow\n');
      await waitFor(
        () => live.stdout,
        () => compiles() === 2,
      );
      expect((await loadPolicy(out, { home: "/home/w" })).check("bash", "git status").action).toBe("allow");
    } finally {
      stop.abort();
    }
    expect((await running).status).toBe(0);
  }, 60_000);
});
