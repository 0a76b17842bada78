/**
 * The OpenCode plugin driven through its hook signatures as OpenCode's
 * plugin docs give them: `tool.execute.before({tool, sessionID, callID},
 * {args})` (a throw blocks the call) and `permission.ask(info, {status})`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createPermcPlugin, type OpenCodeHooks, type PermissionAskOutput } from "../../runtime/opencode/plugin.js";
import { openCodeToolCalls } from "../../runtime/opencode/tools.js";
import { createPermcSetup, type ExecuteBeforeEvent } from "../../runtime/opencode/plugin-v2.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

const HOME = "/home/tester";
const PROJECT = tempDir("opencode");
mkdirSync(path.join(PROJECT, "src"));

let modulePath: string;
beforeAll(async () => {
  const c = await compileAndLoad(
    [
      piJson({
        "*": "ask",
        bash: { "*": "ask", "git status": "allow", "git push *": "deny" },
        read: { "*": "allow", "*.env": "deny" },
        edit: { "*": "ask", "src/*": "allow" },
        write: { "*": "ask", "src/*": "allow" },
        find: "allow",
        grep: "allow",
        ls: "allow",
        external_directory: "deny",
        webfetch: "allow",
        todowrite: "allow",
      }),
    ],
    { home: HOME },
  );
  modulePath = c.modulePath!;
});

async function plugin(ask?: "block" | "opencode", policy = modulePath): Promise<OpenCodeHooks> {
  return createPermcPlugin({ policy, home: HOME, ...(ask ? { ask } : {}) })({ directory: PROJECT, worktree: PROJECT });
}

let n = 0;
async function run(hooks: OpenCodeHooks, tool: string, args: unknown): Promise<"passed" | string> {
  try {
    await hooks["tool.execute.before"]({ tool, sessionID: "ses_1", callID: `call_${n++}` }, { args });
    return "passed";
  } catch (e) {
    return (e as Error).message;
  }
}

describe("tool.execute.before", () => {
  it.each([
    ["bash", { command: "git status", description: "status" }, "passed"],
    ["bash", { command: "git push origin main", description: "push" }, /not permitted.*git push/],
    ["bash", { command: "git status", workdir: "/etc" }, /outside working directory/],
    ["read", { filePath: path.join(PROJECT, "src/a.ts") }, "passed"],
    ["read", { filePath: path.join(PROJECT, ".env") }, /not permitted/],
    ["read", { filePath: "/etc/passwd" }, /not permitted/],
    ["edit", { filePath: path.join(PROJECT, "src/a.ts"), oldString: "a", newString: "b" }, "passed"],
    ["write", { filePath: path.join(PROJECT, "src/b.ts"), content: "x" }, "passed"],
    ["glob", { pattern: "**/*.ts" }, "passed"],
    ["grep", { pattern: "x", path: "/etc" }, /not permitted/],
    ["list", { path: path.join(PROJECT, "src") }, "passed"],
    ["webfetch", { url: "https://example.com", format: "markdown" }, "passed"],
    ["todowrite", { todos: [] }, "passed"],
    ["apply_patch", { patchText: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch" }, "passed"],
    ["apply_patch", { patchText: "*** Begin Patch\n*** Update File: src/a.ts\n*** Add File: /etc/cron.d/x\n*** End Patch" }, /not permitted/],
    ["apply_patch", { patchText: "garbage" }, /blocked \(fail-closed\)/],
    ["read", {}, /blocked \(fail-closed\)/],
    ["bash", "git status", /blocked \(fail-closed\)/],
    ["toString", {}, /requires approval/],
    ["constructor", { command: "rm -rf /" }, /requires approval/],
  ] as const)("%s %j", async (tool, args, expected) => {
    const got = await run(await plugin(), tool, args);
    if (expected === "passed") expect(got).toBe("passed");
    else expect(got).toMatch(expected);
  });

  it("an ask blocks by default: a prompt permc cannot raise never becomes an allow", async () => {
    expect(await run(await plugin(), "bash", { command: "npm test" })).toMatch(/run bash command 'npm test' requires approval/);
  });

  it("a missing module denies every call", async () => {
    expect(await run(await plugin(undefined, path.join(PROJECT, "none.mjs")), "bash", { command: "git status" })).toMatch(/blocked \(fail-closed\)/);
  });
});

describe("ask through OpenCode's permission flow (ask: opencode)", () => {
  it("an ask goes on to OpenCode's prompt and stays a prompt; an allowed call's prompt is answered allow; a deny never gets there", async () => {
    const hooks = await plugin("opencode");
    await hooks.config({ permission: "ask" });
    const status = async (callID: string, start: PermissionAskOutput["status"]) => {
      const out: PermissionAskOutput = { status: start };
      await hooks["permission.ask"]({ callID, type: "bash" }, out);
      return out.status;
    };
    await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "asked" }, { args: { command: "npm test" } });
    await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "allowed" }, { args: { command: "git status" } });
    await expect(hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "denied" }, { args: { command: "git push x" } })).rejects.toThrow(
      /not permitted/,
    );
    expect(await status("asked", "allow")).toBe("ask");
    expect(await status("allowed", "ask")).toBe("allow");
    expect(await status("unseen", "ask")).toBe("ask");
  });
});

describe("ask: opencode only where OpenCode's own rules ask for everything", () => {
  it.each([
    ["no config seen (an OpenCode that never calls the config hook)", undefined, "blocked"],
    ["OpenCode's defaults (no permission key)", {}, "blocked"],
    ['"permission": "ask"', { permission: "ask" }, "passed"],
    ["every rule asks or denies", { permission: { "*": "ask", bash: { "*": "ask", "rm *": "deny" }, webfetch: "deny" } }, "passed"],
    ["one allow under bash", { permission: { "*": "ask", bash: { "*": "ask", "npm *": "allow" } } }, "blocked"],
    ["an allow for a tool", { permission: { "*": "ask", edit: "allow" } }, "blocked"],
    ["no catch-all ask", { permission: { bash: "ask" } }, "blocked"],
    ['"permission": "allow"', { permission: "allow" }, "blocked"],
    ["a list where rules belong", { permission: { "*": "ask", bash: ["allow"] } }, "blocked"],
  ] as const)("%s: an ask is %s", async (_name, config, expected) => {
    const hooks = await plugin("opencode");
    if (config !== undefined) await hooks.config(config);
    const got = await run(hooks, "bash", { command: "npm test" });
    if (expected === "passed") expect(got).toBe("passed");
    else expect(got).toMatch(/requires approval.*does not ask for everything.*blocked/);
  });

  it("a config that changes to allow something takes the pass-on back", async () => {
    const hooks = await plugin("opencode");
    await hooks.config({ permission: "ask" });
    expect(await run(hooks, "bash", { command: "npm test" })).toBe("passed");
    await hooks.config({ permission: { "*": "ask", bash: "allow" } });
    expect(await run(hooks, "bash", { command: "npm test" })).toMatch(/blocked/);
  });
});

describe("patch files", () => {
  it("decides a patch as an edit of every file it touches", () => {
    expect(
      openCodeToolCalls("apply_patch", {
        patchText: "*** Begin Patch\n*** Add File: a\n*** Update File: b\n*** Move to: c\n*** Delete File: d\n*** End Patch",
      }),
    ).toEqual(["a", "b", "c", "d"].map((f) => ({ tool: "edit", input: { path: f } })));
    expect(openCodeToolCalls("patch", { patchText: 7 })).toEqual([{ refused: expect.stringMatching(/not a string/) }]);
  });
});

describe("OpenCode 2 names, batch and tools permc does not model", () => {
  let allowAll: string;
  beforeAll(async () => {
    allowAll = (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "rm *": "deny" }, task: "ask", mytool: "allow" })], { home: HOME }))
      .modulePath!;
  });
  const bash = (command: string) => ({ tool: "bash", parameters: { command } });

  it.each([
    ["shell", { command: "rm -rf victim" }, /not permitted.*rm -rf victim/],
    ["shell", { command: "ls" }, "passed"],
    ["subagent", { description: "d", prompt: "p", subagent_type: "general" }, /requires approval/],
    ["batch", { tool_calls: [bash("rm -rf victim")] }, /not permitted.*rm -rf victim/],
    ["batch", { tool_calls: [bash("ls"), { tool: "read", parameters: { filePath: "src/a.ts" } }] }, "passed"],
    ["batch", { tool_calls: [bash("ls"), bash("echo x && rm -rf victim")] }, /not permitted/],
    [
      "batch",
      { tool_calls: [{ tool: "apply_patch", parameters: { patchText: "*** Begin Patch\n*** Add File:\t.env\n*** End Patch" } }] },
      /patch cannot be read/,
    ],
    ["batch", { tool_calls: [{ tool: "batch", parameters: { tool_calls: [bash("ls")] } }] }, /inside another batch/],
    ["batch", { tool_calls: [{ tool: "bash", parameters: "rm -rf victim" }] }, /entry 1 is not/],
    ["batch", { tool_calls: [{ tool: "bash", args: { command: "ls" } }] }, /entry 1 is not/],
    ["batch", { tool_calls: [] }, /non-empty/],
    ["batch", { tool_calls: { 0: bash("ls") } }, /non-empty/],
    ["batch", { tool_calls: [{ tool: "artifact", parameters: {} }] }, /does not model/],
    ["artifact", { content: "x" }, /requires approval.*does not model/],
    ["mytool", { x: 1 }, "passed"],
    ["github_create_issue", { title: "t" }, /does not model/],
  ] as const)("under * allow: %s %j", async (tool, args, expected) => {
    const got = await run(await plugin(undefined, allowAll), tool, args);
    if (expected === "passed") expect(got).toBe("passed");
    else expect(got).toMatch(expected);
  });

  it("a tool of an MCP server OpenCode's config names is decided on its name, as OpenCode does", async () => {
    const hooks = await plugin(undefined, allowAll);
    await hooks.config({ mcp: { github: { type: "remote", url: "https://example.com" } } });
    expect(await run(hooks, "github_create_issue", { title: "t" })).toBe("passed");
    expect(await run(hooks, "gitlab_create_issue", { title: "t" })).toMatch(/does not model/);
  });
});

describe("OpenCode 2's plugin contract (a stand-in context: no OpenCode 2 client is published)", () => {
  async function setupV2(policy: string) {
    const handlers: Array<(event: ExecuteBeforeEvent) => Promise<void>> = [];
    const ctx = {
      directory: PROJECT,
      worktree: PROJECT,
      tool: {
        hook(name: string, handler: (event: ExecuteBeforeEvent) => Promise<void>) {
          expect(name).toBe("execute.before");
          handlers.push(handler);
          return Promise.resolve({ dispose() {} });
        },
      },
    };
    await createPermcSetup({ policy, home: HOME })(ctx);
    expect(handlers).toHaveLength(1);
    return async (event: unknown) => {
      try {
        // Deliberately unchecked: a host may hand over anything (undefined, a string input), and the handler must fail closed.
        await handlers[0]!(event as ExecuteBeforeEvent);
        return "passed";
      } catch (e) {
        return (e as Error).message;
      }
    };
  }

  it("setup registers execute.before, which throws for what the 1.x hook blocks", async () => {
    const call = await setupV2(modulePath);
    expect(await call({ tool: "shell", sessionID: "s", id: "c1", input: { command: "git status" } })).toBe("passed");
    expect(await call({ tool: "shell", sessionID: "s", id: "c2", input: { command: "git push origin main" } })).toMatch(/not permitted/);
    expect(await call({ tool: "read", sessionID: "s", id: "c3", input: { filePath: path.join(PROJECT, ".env") } })).toMatch(/not permitted/);
    expect(await call({ tool: "bash", sessionID: "s", id: "c4", input: { command: "npm test" } })).toMatch(/requires approval/);
    expect(await call({ sessionID: "s", id: "c5", input: {} })).toMatch(/blocked/);
    expect(await call({ tool: "read", id: "c6", input: "x" })).toMatch(/blocked \(fail-closed\)/);
    expect(await call(undefined)).toMatch(/blocked/);
  });
});

describe("the package entry", () => {
  it("`permc/opencode` exports exactly one plugin function (OpenCode 1 calls every exported function) and a default for OpenCode 2", async () => {
    const mod = (await import("permc/opencode")) as Record<string, unknown>;
    expect(Object.keys(mod)).toEqual(["PermcPlugin", "default"]);
    expect(typeof mod.PermcPlugin).toBe("function");
    // OpenCode 1.18 reads a default export with an `id` for its `server` alone; OpenCode 2 for its `setup`.
    const v2 = mod.default as { id: unknown; server: unknown; setup: unknown };
    expect(v2.id).toBe("permc");
    expect(v2.server).toBe(mod.PermcPlugin);
    expect(typeof v2.setup).toBe("function");
  });
});
