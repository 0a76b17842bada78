/**
 * A policy module inside the project (`.pi/permc/policy.mjs`) decides only
 * when Pi reports the project trusted (`ctx.isProjectTrusted()`, as newer Pi
 * versions provide it; Pi 0.73.1 has no such method). Otherwise the
 * user-level module alone decides, and the extension says which project
 * module it ignored, in a notice and in the review log.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createPermcExtension } from "../../runtime/pi/index.js";
import { permc } from "../support/cli.js";
import { blocked, harness, HOME, loadPi, scriptedUi } from "./harness.js";
import { compileModule, writeModule } from "./helpers.js";

/** What a cloned repository might ship: everything allowed. */
let permissive: string;
/** The user's own policy. */
let strict: string;

beforeAll(async () => {
  await loadPi();
  permissive = compileModule({ "*": "allow", bash: { "*": "allow" } }, HOME);
  strict = compileModule({ "*": "ask", bash: { "*": "ask", "echo *": "allow", "rm *": "deny" } }, HOME);
}, 120_000);

/** A sandbox with the user's strict module and the project's permissive one. */
async function both(trust?: () => unknown) {
  const h = await harness({}, strict, trust ? { trust } : {});
  writeModule(h.projectModulePath, permissive);
  const s = scriptedUi([]);
  h.runner.setUIContext(s.ui);
  return { h, s };
}

describe("project trust decides whether the project's module applies", () => {
  it("trusted: the project's module decides", async () => {
    const { h } = await both(() => true);
    expect(await h.call("bash", { command: "rm -rf build" })).toBeUndefined();
    expect(h.log().filter((l) => l.event === "project_trust.skipped")).toEqual([]);
  });

  it.each([
    ["Pi reports the project untrusted", () => false, "not trusted"],
    ["Pi has no trust method (0.73.1)", undefined, "does not report whether the project is trusted"],
    [
      "Pi's trust check throws",
      () => {
        throw new Error("no session yet");
      },
      "trust check failed",
    ],
    ["Pi has no decision yet", () => undefined, "no trust decision"],
  ])("%s: the user-level module alone decides, and the ignored module is named once", async (_what, trust, why) => {
    const { h, s } = await both(trust);
    const r = await h.call("bash", { command: "rm -rf build" });
    expect(blocked(r)).toBe(true);
    expect(r?.reason).toContain("matched 'rm *'");
    expect(await h.call("bash", { command: "echo ok" })).toBeUndefined();
    const notices = s.notes.filter((n) => n.includes("Ignoring the project's policy module"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(h.projectModulePath);
    expect(notices[0]).toContain(why);
    expect(notices[0]).toContain(h.modulePath);
    const skipped = h.log().filter((l) => l.event === "project_trust.skipped");
    expect(skipped).toEqual([expect.objectContaining({ projectModule: h.projectModulePath, using: h.modulePath, reason: expect.stringContaining(why) })]);
  });

  it("untrusted with no user-level module: every call is denied (fail closed), with both causes shown", async () => {
    const h = await harness({}, null, { trust: () => false });
    writeModule(h.projectModulePath, permissive);
    const s = scriptedUi([]);
    h.runner.setUIContext(s.ui);
    const r = await h.call("bash", { command: "echo hi" });
    expect(blocked(r)).toBe(true);
    expect(r?.reason).toContain("cannot load policy module");
    expect(s.notes.some((n) => n.includes("Ignoring the project's policy module"))).toBe(true);
  });

  it("a trust granted later takes effect at the next call", async () => {
    let trusted = false;
    const { h } = await both(() => trusted);
    expect(blocked(await h.call("bash", { command: "rm x" }))).toBe(true);
    trusted = true;
    expect(await h.call("bash", { command: "rm x" })).toBeUndefined();
  });

  it("PERMC_POLICY naming the project's module is the user's own choice and needs no trust", async () => {
    const h = await harness({ env: {} }, strict);
    writeModule(h.projectModulePath, permissive);
    const chosen = await harness({ env: { PERMC_POLICY: h.projectModulePath } }, null);
    expect(await chosen.call("bash", { command: "rm x" })).toBeUndefined();
  });

  it("a trusted project module deleted mid-session: the last good module stays in force, and the user is told", async () => {
    const { h, s } = await both(() => true);
    expect(await h.call("bash", { command: "rm x" })).toBeUndefined();
    rmSync(h.projectModulePath);
    // Not the laxer or stricter user-level one: the module this session started with.
    expect(await h.call("bash", { command: "rm x" })).toBeUndefined();
    expect(s.notes.some((n) => n.includes("last good one stays in force"))).toBe(true);
  });
});

describe("commands the user types with ! are not gated (as in the reference)", () => {
  it("permc registers no user_bash handler: only the model's tool calls are decided", async () => {
    const h = await harness({}, strict);
    expect(h.runner.hasHandlers("tool_call")).toBe(true);
    expect(h.runner.hasHandlers("user_bash")).toBe(false);
  });
});

/**
 * A Pi that cannot say whether it trusts the project (0.73.1, the Pi on npm)
 * applies the project's module once the person trusted it with `permc
 * trust`, as it is then: a module changed since is withheld again, and Pi's
 * own "not trusted" still wins (issue 38).
 */
describe("permc trust, for a Pi without a trust decision", () => {
  const trust = async (cwd: string, agentDir: string, ...extra: string[]) => permc(["trust", cwd, "--agent-dir", agentDir, "--home", HOME, ...extra]);

  it("the trusted module decides until it changes; --revoke withdraws it", async () => {
    const { h } = await both();
    expect(blocked(await h.call("bash", { command: "rm -rf build" }))).toBe(true);
    const r = await trust(h.cwd, h.agentDir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(h.projectModulePath);
    expect(await h.call("bash", { command: "rm -rf build" })).toBeUndefined();
    // Changed since it was trusted (a pull, someone else's commit): withheld again.
    writeModule(h.projectModulePath, compileModule({ "*": "allow", bash: { "*": "allow", "ls *": "ask" } }, HOME));
    expect(blocked(await h.call("bash", { command: "rm -rf build" }))).toBe(true);
    expect((await trust(h.cwd, h.agentDir)).status).toBe(0);
    expect(await h.call("bash", { command: "rm -rf build" })).toBeUndefined();
    expect((await trust(h.cwd, h.agentDir, "--revoke")).status).toBe(0);
    expect(blocked(await h.call("bash", { command: "rm -rf build" }))).toBe(true);
  });

  it("Pi's own 'not trusted' wins over permc trust", async () => {
    const { h } = await both(() => false);
    expect((await trust(h.cwd, h.agentDir)).status).toBe(0);
    expect(blocked(await h.call("bash", { command: "rm -rf build" }))).toBe(true);
  });

  it("a module that does not load is not trusted, and a trust file of another shape trusts nothing", async () => {
    const { h } = await both();
    writeFileSync(h.projectModulePath, "export const POLICY = 1;\n");
    const r = await trust(h.cwd, h.agentDir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("not a working policy module");
    writeModule(h.projectModulePath, permissive);
    mkdirSync(path.join(h.agentDir, "permc"), { recursive: true });
    writeFileSync(path.join(h.agentDir, "permc", "trusted.json"), JSON.stringify({ modules: { [h.projectModulePath]: "anything" } }));
    expect(blocked(await h.call("bash", { command: "rm -rf build" }))).toBe(true);
  });
});

describe("the extension loaded twice (a project extension and an installed package)", () => {
  it("each call is decided and prompted once, and the user is told", async () => {
    const h = await harness({}, strict);
    // The second copy of the extension, as a second Pi extension on the same runner.
    const second = createPermcExtension({ agentDir: h.agentDir, home: HOME, platform: "posix", env: {} });
    const s = scriptedUi(["Allow once"]);
    h.runner.setUIContext(s.ui);
    const event = { type: "tool_call", toolName: "bash", toolCallId: "t-twice", input: { command: "npm test" } };
    const handlers: Array<(e: unknown, c: unknown) => unknown> = [];
    second({ on: (name: string, f: (e: unknown, c: unknown) => unknown) => name === "tool_call" && handlers.push(f) });
    expect(await h.runner.emitToolCall(event as never)).toBeUndefined();
    // The same event reaching the second copy gets the first copy's answer, without a second prompt.
    expect(await handlers[0]!(event, h.runner.createContext())).toBeUndefined();
    expect(s.prompts).toHaveLength(1);
    expect(s.notes.some((n) => n.includes("loaded more than once"))).toBe(true);
  });
});
