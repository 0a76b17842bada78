/**
 * An output that cannot be written (a directory in its place, a file where a
 * parent folder should be) is one line naming the path and the reason, exit 1,
 * never "internal error" and a stack; `permc watch` reports it and keeps
 * watching, so a later change still takes effect. In-process.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPolicy } from "../../runtime/index.js";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("write-failures");
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const GOOD = JSON.stringify({ permission: { bash: { "*": "ask", "git *": "allow" } } });
const INTERNAL = /internal error|\n\s+at /;

/** An output path of each broken kind, and the reason the error must give. */
function unwritable(kind: "directory" | "parent is a file", name: string): { out: string; reason: string } {
  if (kind === "directory") {
    const out = path.join(dir, `${name}-dir`);
    mkdirSync(path.join(out, "inside"), { recursive: true });
    return { out, reason: "it is a directory" };
  }
  const parent = file(`${name}-file`, "not a folder");
  return { out: path.join(parent, "policy.mjs"), reason: "a parent of it is not a directory" };
}

describe("compile, graph and init: a write failure is one line with the path and the reason", () => {
  it.each(["directory", "parent is a file"] as const)("compile: output %s", async (kind) => {
    const { out, reason } = unwritable(kind, `compile-${kind.replace(/ /g, "-")}`);
    const r = await permc(["compile", file("c.json", GOOD), "-o", out, "--home", "/h"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`permc compile: error: cannot write ${out}: ${reason}\n`);
    expect(r.stderr).not.toMatch(INTERNAL);
  });

  it.each(["directory", "parent is a file"] as const)("graph -o: output %s", async (kind) => {
    const { out, reason } = unwritable(kind, `graph-${kind.replace(/ /g, "-")}`);
    const r = await permc(["graph", file("g.json", GOOD), "--surface", "bash", "-o", out, "--home", "/h"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`permc graph: error: cannot write ${out}: ${reason}\n`);
  });

  it("init: the agent folder is a file", async () => {
    const project = path.join(dir, "init-project");
    mkdirSync(path.join(project, ".claude"), { recursive: true });
    writeFileSync(path.join(project, ".claude", "permc"), "in the way");
    const r = await permc(["init", "claude", "--dir", project, "--home", "/h"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`permc init: error: cannot write ${path.join(project, ".claude", "permc", "policy.perm")}: a parent of it is not a directory\n`);
  });
});

describe("permc watch: an output it cannot write", () => {
  it("reports the write error on one line, keeps watching, and writes the module (with a deny added since) once it can", async () => {
    const input = file("watched.json", GOOD);
    const blocker = file("blocked", "a file where the output's folder should be");
    const out = path.join(blocker, "policy.mjs");
    const live = { stdout: "", stderr: "" };
    const stop = new AbortController();
    const running = permc(["watch", input, "-o", out, "--home", "/h"], { signal: stop.signal, live });
    const until = async (pred: () => boolean) => {
      for (let i = 0; i < 600 && !pred(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(pred(), `stdout:\n${live.stdout}\nstderr:\n${live.stderr}`).toBe(true);
    };
    try {
      await until(() => live.stderr.includes("watching"));
      expect(live.stderr).toContain(`permc watch: error: cannot write ${out}: a parent of it is not a directory\n`);
      expect(live.stderr).not.toMatch(INTERNAL);
      // Make the output writable, then add a deny: it takes effect.
      rmSync(blocker);
      writeFileSync(input, JSON.stringify({ permission: { bash: { "*": "ask", "git *": "allow", "git push *": "deny" } } }));
      await until(() => existsSync(out) && /^compiled /m.test(live.stdout));
      expect((await loadPolicy(out, { home: "/h" })).check("bash", "git push origin").action).toBe("deny");
    } finally {
      stop.abort();
    }
    expect((await running).status).toBe(0);
  }, 30_000);
});
