/**
 * The extension under Pi's real extension runner (the pinned Pi dev dependency):
 * tool_call events are dispatched with ExtensionRunner.emitToolCall, and one
 * agent session driven by pi-ai's faux provider shows that a blocked command
 * never runs. Pi's root import takes about a second, so everything that needs
 * Pi lives in this one file.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bashParserStatus, loadedBashParser, resetBashParserForTests, UNLOADED_PARSER } from "../../runtime/bash/syntax/parser.js";
import { createPermcExtension, type PermcPiOptions } from "../../runtime/pi/index.js";
import { blocked, harness as harnessAt, HOME, loadPi, pi, scriptedUi, type Setup } from "./harness.js";
import { compileModule, PERMISSION, sandbox, writeModule } from "./helpers.js";

const ROOT = path.resolve(fileURLToPath(import.meta.url), "..", "..", "..");
let moduleText: string;
const harness = (options: Partial<PermcPiOptions> = {}, module: string | null = moduleText, setup: Setup = {}) => harnessAt(options, module, setup);

beforeAll(async () => {
  await loadPi();
  moduleText = compileModule(PERMISSION, HOME);
}, 120_000);
// The parser is shared by the files of a worker: a failure injected below and not used up (a test failed first) must not reach the next file.
afterAll(() => resetBashParserForTests());

/** Change one rule inside POLICY without updating TABLES_HASH (the payload is JSON inside a JS string). */
function tamper(text: string): string {
  const at = text.indexOf("export const POLICY");
  const edited = text.slice(0, at) + text.slice(at).replace("echo *", "rm *x!!");
  expect(edited).not.toBe(text);
  return edited;
}

describe("permc/pi under Pi's extension runner", () => {
  it.each([
    ["a denied bash command is blocked with the rule named", "bash", { command: "rm -rf build" }, true, "matched 'rm *'"],
    ["a chain with one denied unit is blocked", "bash", { command: "touch x && rm -rf ./nothing" }, true, "rm -rf ./nothing"],
    ["an allowed bash command passes", "bash", { command: "echo hi" }, false, undefined],
    ["an allowed read passes", "read", { path: "notes.txt" }, false, undefined],
    ["a denied read is blocked", "read", { path: ".env" }, true, "matched '*.env'"],
    ["an ask with no UI is blocked", "bash", { command: "git push origin main" }, true, "no interactive UI"],
  ])("%s", async (_what, tool, input, wantBlock, reasonPart) => {
    const h = await harness();
    const r = await h.call(tool, input);
    expect(blocked(r)).toBe(wantBlock);
    if (reasonPart) expect(r?.reason).toContain(reasonPart);
    if (wantBlock) expect(r?.reason?.startsWith("[permc] ")).toBe(true);
  });

  it("writes blocks and unanswerable prompts to the review log, not allows", async () => {
    const h = await harness();
    await h.call("bash", { command: "echo fine" });
    await h.call("bash", { command: "rm -rf x" });
    await h.call("bash", { command: "git push origin main" });
    await h.call("bash", { command: "echo $(echo hi" });
    const events = h.log().map((l) => [l.event, l.resolution ?? null, l.matchedPattern ?? null]);
    expect(events).toEqual([
      ["permission_request.blocked", "policy_denied", "rm *"],
      ["permission_request.waiting", null, "*"],
      ["permission_request.denied", "confirmation_unavailable", "*"],
      ["permission_request.waiting", null, "<unparseable-bash-command>"],
      ["permission_request.denied", "confirmation_unavailable", "<unparseable-bash-command>"],
    ]);
    expect(h.log().every((l) => l.extension === "permc" && typeof l.timestamp === "string")).toBe(true);
  });

  it("yolo mode (a module knob) allows asks without a prompt, logs them as auto-approved, and still blocks denies", async () => {
    const h = await harness({}, compileModule(PERMISSION, HOME, { yoloMode: true }));
    const s = scriptedUi([]);
    h.runner.setUIContext(s.ui);
    expect(await h.call("bash", { command: "git push origin main" })).toBeUndefined();
    expect(blocked(await h.call("bash", { command: "rm -rf x" }))).toBe(true);
    expect(s.prompts).toHaveLength(0);
    expect(h.log().map((l) => l.resolution)).toEqual(["auto_approved", "policy_denied"]);
  });

  describe("asking through the host's UI", () => {
    it("allow once passes this call only", async () => {
      const h = await harness();
      const s = scriptedUi(["Allow once", undefined]);
      h.runner.setUIContext(s.ui);
      expect(await h.call("bash", { command: "git push origin main" })).toBeUndefined();
      expect(blocked(await h.call("bash", { command: "git push origin main" }))).toBe(true); // dismissed → denied
      expect(s.prompts).toHaveLength(2);
      expect(s.prompts[0]!.title).toContain("git push origin main");
      expect(
        h
          .log()
          .map((l) => l.resolution)
          .filter(Boolean),
      ).toEqual(["approved", "denied"]);
    });

    it("allow for this session records the suggested rule; it lifts later asks but never a deny or a wrapper floor", async () => {
      const h = await harness();
      const s = scriptedUi(["Allow for this session", "Deny"]);
      h.runner.setUIContext(s.ui);
      expect(await h.call("bash", { command: "git push origin main" })).toBeUndefined();
      expect(s.prompts[0]!.options).toContain("Allow for this session");
      expect(await h.call("bash", { command: "git push origin dev" })).toBeUndefined(); // session rule `git push *`
      expect(s.prompts).toHaveLength(1);
      expect(blocked(await h.call("bash", { command: "git push --force origin" }))).toBe(true); // config deny stays
      expect(s.prompts).toHaveLength(1);
      const wrapped = await h.call("bash", { command: "sudo git push origin main" }); // wrapper floor: asks again
      expect(s.prompts).toHaveLength(2);
      expect(wrapped?.reason).toContain("User denied");
      const resolutions = h
        .log()
        .map((l) => l.resolution)
        .filter(Boolean);
      expect(resolutions).toEqual(["approved_for_session", "session_approved", "policy_denied", "denied"]);
      expect(h.log()[1]).toMatchObject({ sessionRules: [{ surface: "bash", pattern: "git push *" }] });
    });

    it("prompts one call at a time, and a session approval covers calls that were waiting", async () => {
      const h = await harness();
      const s = scriptedUi(["Allow for this session"]);
      h.runner.setUIContext(s.ui);
      const results = await Promise.all(["a", "b", "c"].map((branch) => h.call("bash", { command: `git push origin ${branch}` })));
      expect(results).toEqual([undefined, undefined, undefined]);
      expect(s.prompts).toHaveLength(1);
    });

    it("does not offer a session approval for an unparseable command", async () => {
      const h = await harness();
      const s = scriptedUi(["Allow for this session"]);
      h.runner.setUIContext(s.ui);
      expect(blocked(await h.call("bash", { command: "echo $(echo hi" }))).toBe(true);
      expect(s.prompts[0]!.options).not.toContain("Allow for this session");
    });

    it("a UI that throws is a denial", async () => {
      const h = await harness();
      h.runner.setUIContext(scriptedUi([new Error("tty gone")]).ui);
      expect(blocked(await h.call("bash", { command: "git push origin main" }))).toBe(true);
    });
  });

  describe("fail-closed boundary", () => {
    it("blocks while the bash parser cannot initialise, then retries and works", async () => {
      const h = await harness();
      resetBashParserForTests(new Error("injected: wasm failed to load"));
      // A plain command needs no parser (plain-syntax.ts); a power in arithmetic does.
      expect(await h.call("bash", { command: "echo hi" })).toBeUndefined();
      const first = await h.call("bash", { command: "echo $((2 ** 10))" });
      expect(first).toMatchObject({ block: true });
      expect(first?.reason).toContain("injected: wasm failed to load");
      expect(await h.call("bash", { command: "echo $((2 ** 10))" })).toBeUndefined();
      expect(h.log()[0]).toMatchObject({ event: "permission_request.blocked", resolution: "gate_error" });
    });

    it("starts loading the bash grammar at session start; a failed warm-up decides nothing and the next call loads it again", async () => {
      const h = await harness();
      resetBashParserForTests();
      await h.runner.emit({ type: "session_start", reason: "startup" } as never);
      await vi.waitFor(() => expect(loadedBashParser()).not.toBe(UNLOADED_PARSER));
      resetBashParserForTests(new Error("injected: warm-up failed"));
      const before = bashParserStatus().attempts;
      await h.runner.emit({ type: "session_start", reason: "reload" } as never);
      await vi.waitFor(() => expect(bashParserStatus()).toEqual({ attempts: before + 1, loading: false, loaded: false }));
      expect(await h.call("bash", { command: "echo $((2 ** 10))" })).toBeUndefined();
      expect(loadedBashParser()).not.toBe(UNLOADED_PARSER);
    });

    it("blocks, logs and counts a handler that throws (Pi would otherwise see a rejection)", async () => {
      const h = await harness();
      const event = { type: "tool_call", toolCallId: "x", input: { command: "echo hi" } };
      Object.defineProperty(event, "toolName", {
        get: () => {
          throw new Error("injected: hostile event");
        },
      });
      const r = await h.runner.emitToolCall(event as never);
      expect(r).toMatchObject({ block: true });
      expect(r?.reason).toContain("fail-closed");
      expect(r?.reason).toContain("injected: hostile event");
      await h.runner.emit({ type: "session_shutdown", reason: "quit" } as never);
      const summary = h.log().find((l) => l.event === "permission.session_summary");
      expect(summary).toMatchObject({ toolCalls: 1, allowed: 0, blocked: 0, errors: 1, consistent: true });
    });

    it("blocks when reading the input throws inside the gate", async () => {
      const h = await harness();
      const input = new Proxy(
        {},
        {
          get: () => {
            throw new Error("injected: getter");
          },
        },
      );
      expect(blocked(await h.call("bash", input))).toBe(true);
    });

    it.each([
      ["command is a number", "bash", { command: 42 }],
      ["command is an object", "bash", { command: { toString: () => "echo hi" } }],
      ["input is null", "bash", null],
      ["input is a string", "read", "notes.txt"],
      ["input is an array", "bash", ["echo hi"]],
      ["path is an array", "read", { path: ["notes.txt"] }],
      ["a megabyte command", "bash", { command: "echo " + "a".repeat(1_000_000) }],
      ["a megabyte path", "read", { path: "a".repeat(1_000_000) + ".env" }],
      ["a megabyte path of many segments", "read", { path: "a/".repeat(500_000) + "notes.txt" }],
      ["no tool name", "", { command: "echo hi" }],
    ])("never allows a malformed call: %s", async (_what, tool, input) => {
      const h = await harness();
      const r = await h.call(tool, input);
      expect(blocked(r)).toBe(true);
      expect(r!.reason!.length).toBeLessThan(5_000);
    });
  });

  describe("runtime holes: refused with a clear message and a review-log entry", () => {
    it.each([
      ["a bash call without input", "bash", undefined, "tool 'bash' was called without an input"],
      ["a bash call without a command", "bash", {}, "tool 'bash' was called without 'command'"],
      ["a read without a path", "read", {}, "tool 'read' was called without 'path'"],
      ["a write with a blank path", "write", { path: " ", content: "x" }, "tool 'write' was called without 'path'"],
    ])("%s", async (_what, tool, input, message) => {
      const h = await harness();
      const r = await h.call(tool, input);
      expect(blocked(r)).toBe(true);
      expect(r?.reason).toContain("(fail-closed)");
      expect(r?.reason).toContain(message);
      expect(h.log()).toEqual([
        expect.objectContaining({ event: "permission_request.blocked", resolution: "input_rejected", gate: "input", error: expect.stringContaining(message) }),
      ]);
    });

    it("a tool named toString is an ordinary name: its deny rule and path rules apply", async () => {
      const h = await harness({}, compileModule({ ...PERMISSION, toString: "deny", path: { "*": "allow", "/etc/*": "deny" } }, HOME));
      for (const input of [{ path: "/etc/passwd" }, {}]) {
        const r = await h.call("toString", input);
        expect(blocked(r)).toBe(true);
        expect(r?.reason).toContain("not permitted");
      }
      expect(h.log().map((l) => [l.resolution, l.gate])).toEqual([
        ["policy_denied", "path"],
        ["policy_denied", "tool"],
      ]);
    });

    it("a module file that would run code is never executed: every call is denied and the cause shown once", async () => {
      const box = sandbox();
      const marker = path.join(box.root, "EXECUTED");
      const h = await harness(
        {},
        `// @generated by permc 0.1.0. DO NOT EDIT.\nimport { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\n`,
      );
      const s = scriptedUi([]);
      h.runner.setUIContext(s.ui);
      expect(blocked(await h.call("bash", { command: "echo hi" }))).toBe(true);
      expect(blocked(await h.call("read", { path: "notes.txt" }))).toBe(true);
      expect(existsSync(marker)).toBe(false);
      expect(s.notes).toHaveLength(1);
      expect(s.notes[0]).toContain("line 2 is not what permc writes there");
      expect(h.log().map((l) => l.resolution)).toEqual(["gate_error", "gate_error"]);
    });
  });

  describe("module integrity: every decision denies, and the cause is shown once", () => {
    const damaged: Array<[string, () => string | null, Partial<PermcPiOptions>, string]> = [
      ["missing", () => null, {}, "cannot load"],
      ["truncated", () => moduleText.slice(0, Math.floor(moduleText.length / 2)), {}, ""],
      ["tampered (tables edited)", () => tamper(moduleText), {}, "tables hash"],
      ["foreign (not generated by permc)", () => "export const POLICY = '{}';\n", {}, "not a module generated by permc"],
      ["from another compiler major", () => moduleText.replace(/COMPILER_VERSION = "[^"]*"/, 'COMPILER_VERSION = "99.0.0"'), {}, "permc 99.0.0"],
      ["another format version", () => moduleText.replace(/FORMAT_VERSION = \d+/, "FORMAT_VERSION = 999"), {}, "format version"],
      ["compiled for another home", () => moduleText, { home: "/home/someone-else" }, "compiled for home"],
      ["compiled for another platform", () => moduleText, { platform: "win32" }, "compiled for posix"],
    ];
    it.each(damaged)("%s", async (_what, make, options, cause) => {
      const h = await harness(options, make());
      const s = scriptedUi([]);
      h.runner.setUIContext(s.ui);
      for (const input of [{ command: "echo hi" }, { command: "echo again" }]) {
        const r = await h.call("bash", input);
        expect(blocked(r)).toBe(true);
        expect(r?.reason).toContain(cause);
      }
      expect(await h.call("read", { path: "notes.txt" })).toMatchObject({ block: true });
      expect(s.notes).toHaveLength(1);
      expect(s.notes[0]).toContain(cause);
      expect(s.prompts).toHaveLength(0);
    });
  });

  describe("hot reload", () => {
    it("swaps in a changed module at the next call; a bad one keeps the last good and is reported once", async () => {
      const h = await harness();
      const s = scriptedUi([]);
      h.runner.setUIContext(s.ui);
      expect(await h.call("bash", { command: "echo hi" })).toBeUndefined();
      writeModule(h.modulePath, compileModule({ ...PERMISSION, bash: { ...PERMISSION.bash, "echo *": "deny" } }, HOME));
      expect(blocked(await h.call("bash", { command: "echo hi" }))).toBe(true);
      writeModule(h.modulePath, "// @generated by permc 0.1.0. DO NOT EDIT.\nexport const broken = ;\n");
      expect(blocked(await h.call("bash", { command: "echo hi" }))).toBe(true); // still the last good (echo denied)
      expect(await h.call("bash", { command: "touch ok" })).toBeUndefined(); // …which still allows touch
      await h.call("bash", { command: "touch again" });
      expect(s.notes.filter((n) => n.includes("rejected"))).toHaveLength(1);
      writeModule(h.modulePath, moduleText);
      expect(await h.call("bash", { command: "echo hi" })).toBeUndefined();
    });

    it("a module that appears after a missing start is picked up", async () => {
      const h = await harness({}, null);
      expect(blocked(await h.call("bash", { command: "echo hi" }))).toBe(true);
      writeModule(h.modulePath, moduleText);
      expect(await h.call("bash", { command: "echo hi" })).toBeUndefined();
    });
  });

  describe("audit and review log", () => {
    it("counts every call once and writes a consistent summary at session_shutdown", async () => {
      const h = await harness();
      await h.call("bash", { command: "echo a" });
      await h.call("bash", { command: "rm a" });
      await h.call("bash", { command: "git status" });
      await h.call("bash", { command: 7 });
      resetBashParserForTests(new Error("injected: parser"));
      await h.call("bash", { command: "echo $((2 ** 2))" });
      await h.runner.emit({ type: "session_shutdown", reason: "quit" } as never);
      expect(h.log().at(-1)).toMatchObject({ event: "permission.session_summary", toolCalls: 5, allowed: 1, blocked: 3, errors: 1, consistent: true });
    });

    it.each([
      [
        "the log path is a directory",
        (dir: string) => {
          mkdirSync(dir, { recursive: true });
          return dir;
        },
      ],
      [
        "the log's parent is a file",
        (dir: string) => {
          mkdirSync(path.dirname(dir), { recursive: true });
          writeFileSync(dir, "x");
          return path.join(dir, "review.jsonl");
        },
      ],
    ])("an unwritable log never changes a decision: %s", async (_what, make) => {
      const box = sandbox();
      const h = await harness({ reviewLog: make(path.join(box.root, "log")) });
      expect(await h.call("bash", { command: "echo hi" })).toBeUndefined();
      expect(blocked(await h.call("bash", { command: "rm x" }))).toBe(true);
      expect(blocked(await h.call("bash", { command: "git push origin main" }))).toBe(true);
    });
  });

  it("the built package entry (permc/pi) loads through Pi's own loader and finds the module from PERMC_POLICY", async () => {
    const box = sandbox();
    writeModule(box.modulePath, compileModule(PERMISSION, os.homedir()));
    const saved = { p: process.env.PERMC_POLICY, a: process.env.PI_CODING_AGENT_DIR };
    process.env.PERMC_POLICY = box.modulePath;
    process.env.PI_CODING_AGENT_DIR = box.agentDir;
    try {
      const entry = path.join(ROOT, "dist", "runtime", "pi", "index.js");
      const loaded = await pi.discoverAndLoadExtensions([entry], box.cwd, box.agentDir, pi.createEventBus());
      expect(loaded.errors).toEqual([]);
      const runner = new pi.ExtensionRunner(
        loaded.extensions,
        loaded.runtime,
        box.cwd,
        pi.SessionManager.inMemory(box.cwd),
        pi.ModelRegistry.inMemory(pi.AuthStorage.inMemory()),
      );
      const r = await runner.emitToolCall({ type: "tool_call", toolName: "bash", toolCallId: "a", input: { command: "rm -rf /" } } as never);
      expect(r).toMatchObject({ block: true });
      expect(await runner.emitToolCall({ type: "tool_call", toolName: "bash", toolCallId: "b", input: { command: "echo ok" } } as never)).toBeUndefined();
      expect(existsSync(path.join(box.agentDir, "permc", "review.jsonl"))).toBe(true);
    } finally {
      if (saved.p === undefined) delete process.env.PERMC_POLICY;
      else process.env.PERMC_POLICY = saved.p;
      if (saved.a === undefined) delete process.env.PI_CODING_AGENT_DIR;
      else process.env.PI_CODING_AGENT_DIR = saved.a;
    }
  });

  it("in a real agent session, a blocked command never runs and an allowed one does", async () => {
    const ai = await import("@mariozechner/pi-ai");
    const box = sandbox();
    writeModule(box.modulePath, moduleText);
    const faux = ai.registerFauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
    try {
      faux.setResponses([
        ai.fauxAssistantMessage([ai.fauxToolCall("bash", { command: "touch BLOCKED_MARKER && rm -rf ./nothing" }, { id: "c1" })], { stopReason: "toolUse" }),
        ai.fauxAssistantMessage([ai.fauxToolCall("bash", { command: "touch UNPARSEABLE_MARKER )" }, { id: "c2" })], { stopReason: "toolUse" }),
        ai.fauxAssistantMessage([ai.fauxToolCall("bash", { command: "touch ALLOWED_MARKER && echo allowed" }, { id: "c3" })], { stopReason: "toolUse" }),
        ai.fauxAssistantMessage("done"),
      ]);
      const settingsManager = pi.SettingsManager.inMemory();
      const resourceLoader = new pi.DefaultResourceLoader({
        cwd: box.cwd,
        agentDir: box.agentDir,
        settingsManager,
        extensionFactories: [createPermcExtension({ agentDir: box.agentDir, home: HOME, platform: "posix", env: {} })],
        noSkills: true,
        noPromptTemplates: true,
        noThemes: true,
        noContextFiles: true,
      });
      await resourceLoader.reload();
      const authStorage = pi.AuthStorage.inMemory({ faux: { type: "api_key", key: "x" } });
      const { session } = await pi.createAgentSession({
        cwd: box.cwd,
        agentDir: box.agentDir,
        model: faux.getModel(),
        authStorage,
        modelRegistry: pi.ModelRegistry.inMemory(authStorage),
        sessionManager: pi.SessionManager.inMemory(box.cwd),
        settingsManager,
        resourceLoader,
        tools: ["bash"],
      });
      try {
        await session.prompt("go");
      } finally {
        session.dispose();
      }
      const results = session.messages.filter((m) => m.role === "toolResult") as Array<{
        toolCallId: string;
        isError: boolean;
        content: Array<{ type: string; text?: string }>;
      }>;
      const text = (id: string) =>
        results
          .find((r) => r.toolCallId === id)
          ?.content.map((c) => c.text ?? "")
          .join("");
      expect(results.map((r) => [r.toolCallId, r.isError])).toEqual([
        ["c1", true],
        ["c2", true],
        ["c3", false],
      ]);
      expect(text("c1")).toContain("rm *");
      expect(text("c3")).toContain("allowed");
      expect(existsSync(path.join(box.cwd, "BLOCKED_MARKER"))).toBe(false);
      expect(existsSync(path.join(box.cwd, "UNPARSEABLE_MARKER"))).toBe(false);
      expect(existsSync(path.join(box.cwd, "ALLOWED_MARKER"))).toBe(true);
    } finally {
      faux.unregister();
    }
  });
});
