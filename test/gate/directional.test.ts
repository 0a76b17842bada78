/**
 * The 40.1.4 path gates: directional members, the file
 * Pi opens, the narrowed infrastructure bypass, deny-first combination, and
 * `permc diff` per direction.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffPolicies } from "../../compiler/analysis/policy-diff.js";
import { compile } from "../../compiler/pipeline.js";
import { createGate, evaluatePathFamily, type GateOptions, type Policy } from "../../runtime/index.js";
import { evaluateAnyValue, piToolPath } from "../../runtime/gate/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/tester";
const CWD = "/home/tester/proj";
const RANK = { allow: 0, ask: 1, deny: 2 } as const;

async function policyOf(permission: unknown, extra: Record<string, unknown> = {}): Promise<Policy> {
  const { policy, diagnostics } = await compileAndLoad([piJson(permission, "global", extra)], { home: HOME });
  expect(policy, diagnostics.map((d) => d.message).join("; ")).not.toBeNull();
  return policy!;
}

function gate(policy: Policy, options: Partial<GateOptions> = {}) {
  return createGate(policy, { cwd: CWD, home: HOME, realpath: (p) => p, ...options });
}

describe("evaluatePathFamily", () => {
  const action = fc.constantFrom("allow", "ask", "deny");
  const pattern = fc.constantFrom("*", "/a/*", "/a/b", "*.env", "/a/*.env", "~/x/*");
  const member = fc.option(fc.dictionary(pattern, action, { maxKeys: 4 }), { nil: undefined });
  const value = fc.constantFrom("/a/b", "/a/c.env", "/home/tester/x/y", "/z", "a.env");

  it("`both` is the most restrictive member, the read member's result on a tie; each direction is its member alone", async () => {
    await fc.assert(
      fc.asyncProperty(
        member,
        member,
        fc.option(action, { nil: undefined }),
        fc.array(value, { minLength: 1, maxLength: 3 }),
        async (read, write, universal, values) => {
          const policy = await policyOf({
            ...(universal ? { "*": universal } : {}),
            ...(read ? { path_read: read } : {}),
            ...(write ? { path_write: write } : {}),
          });
          const r = evaluatePathFamily(policy, "path", "read", values, false);
          const w = evaluatePathFamily(policy, "path", "write", values, false);
          const both = evaluatePathFamily(policy, "path", "both", values, false);
          expect(r.decision).toBe(evaluateAnyValue(policy, "path_read", values, false).decision);
          expect(w.decision).toBe(evaluateAnyValue(policy, "path_write", values, false).decision);
          expect(both).toEqual(RANK[w.decision.action] > RANK[r.decision.action] ? w : r);
          expect([r.surface, w.surface]).toEqual(["path_read", "path_write"]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("makes up no pattern when neither member has a config rule, so the path gate still skips", async () => {
    const policy = await policyOf({ "*": "deny" });
    expect(evaluatePathFamily(policy, "path", "both", ["/x"], false).decision).toMatchObject({ action: "deny", matchedPattern: null });
    expect((await gate(policy).decide({ tool: "read", input: { path: "x" } })).gate).toBe("tool");
  });

  it("counts a session approval recorded on the bare family for both members", async () => {
    const policy = await policyOf({ "*": "allow", path: { "*.env": "ask" } });
    const session = { match: (surface: string, value: string) => (surface === "path" && value.endsWith(".env") ? "*.env" : null) };
    for (const direction of ["read", "write", "both"] as const) {
      expect(evaluatePathFamily(policy, "path", direction, ["a.env"], false, session).decision).toMatchObject({ action: "allow", origin: "session" });
    }
  });
});

describe("the file Pi's built-in tools open (reference 38.0.2)", () => {
  it.each([
    ["file:///home/tester/.ssh/id%20rsa", "/home/tester/.ssh/id rsa"],
    ["file://localhost/etc/hosts", "/etc/hosts"],
    ["@src/a.ts", "src/a.ts"],
    ["notes\u00A0on\u202Fthis.md", "notes on this.md"],
    ["~", HOME],
    ["~/.ssh/config", "/home/tester/.ssh/config"],
    ["$HOME/.ssh/config", "$HOME/.ssh/config"],
    ["${HOME}/x", "${HOME}/x"],
    ["'quoted.env'", "'quoted.env'"],
    ["~user/x", "~user/x"],
  ])("%s → %s", (raw, want) => {
    expect(piToolPath(raw, HOME, "posix")).toBe(want);
  });

  it.each([
    ["/c/Users/me/x", "C:\\Users\\me\\x"],
    ["/cygdrive/d/tmp", "D:\\tmp"],
    ["/mnt/c/", "C:\\"],
    ["file:///C:/Users/me/x", "C:/Users/me/x"],
  ])("win32: %s → %s", (raw, want) => {
    expect(piToolPath(raw, "C:\\Users\\me", "win32")).toBe(want);
  });

  it("an extension tool keeps the literal aliasing, which expands `$HOME` and `${HOME}`", async () => {
    const policy = await policyOf({ "*": "allow", path: { "~/.ssh/*": "deny" } });
    for (const p of ["$HOME/.ssh/id", "${HOME}/.ssh/id", "~/.ssh/id"]) {
      expect((await gate(policy).decide({ tool: "my_tool", input: { path: p } })).action, p).toBe("deny");
    }
    // Pi's own read opens <cwd>/$HOME/.ssh/id, not the key (pipe-011: 40.1.4 allows); permc also checks the
    // 20.7.2 spelling, `$HOME` expanded, and keeps the stricter answer (D-tool-20-spelling).
    expect((await gate(policy).decide({ tool: "read", input: { path: "$HOME/.ssh/id" } })).action).toBe("deny");
    expect((await gate(policy).decide({ tool: "read", input: { path: "'~/.ssh/id'" } })).action).toBe("deny");
    expect((await gate(policy).decide({ tool: "read", input: { path: "notes/$HOME.md" } })).action).toBe("allow");
  });
});

describe("the infrastructure read bypass (reference 39.0.0)", () => {
  const agentDir = "/home/tester/.pi/agent";

  it("covers Pi's own directories under the agent dir (default <home>/.pi/agent), not its secrets", async () => {
    const policy = await policyOf({ "*": "allow", external_directory: "ask" });
    const read = async (p: string, options: Partial<GateOptions> = {}) => (await gate(policy, options).decide({ tool: "read", input: { path: p } })).action;
    expect(await read(`${agentDir}/skills/x/SKILL.md`)).toBe("allow");
    expect(await read(`${agentDir}/AGENTS.md`)).toBe("allow");
    expect(await read(`${agentDir}/auth.json`)).toBe("ask");
    expect(await read(`${agentDir}/sessions/s.jsonl`)).toBe("ask");
    expect(await read(`${agentDir}/permc/review.jsonl`)).toBe("ask");
    // Another agent dir moves the bypass with it.
    expect(await read(`${agentDir}/skills/x/SKILL.md`, { agentDir: "/opt/pi" })).toBe("ask");
    expect(await read("/opt/pi/skills/x/SKILL.md", { agentDir: "/opt/pi" })).toBe("allow");
    // The host's global node_modules root and Pi's install directory, when it names them.
    expect(await read("/usr/lib/node_modules/x/README.md", { infrastructureDirs: ["/usr/lib/node_modules"] })).toBe("allow");
    // Never for a tool that writes.
    expect((await gate(policy).decide({ tool: "write", input: { path: `${agentDir}/skills/x/SKILL.md`, content: "" } })).action).toBe("ask");
  });

  it("configured read paths expand `~`, `$HOME` and `${HOME}`; a wildcard entry is not honoured; the reference's logs never are", async () => {
    const logs = `${agentDir}/extensions/pi-permission-system/logs`;
    const policy = await policyOf({ "*": "allow", external_directory: "ask" }, { piInfrastructureReadPaths: ["${HOME}/.agents", "/opt/*/docs", logs] });
    const read = async (p: string) => (await gate(policy).decide({ tool: "grep", input: { path: p } })).action;
    expect(await read("/home/tester/.agents/skills/a.md")).toBe("allow");
    expect(await read("/opt/tool/docs/a.md")).toBe("ask");
    expect(await read(`${logs}/review.jsonl`)).toBe("ask");
  });

  it("a targeted external_directory deny beats it; a `*` deny or a targeted ask does not", async () => {
    const skill = `${agentDir}/skills/secret/SKILL.md`;
    const decide = async (permission: unknown) => (await gate(await policyOf(permission)).decide({ tool: "read", input: { path: skill } })).action;
    expect(await decide({ "*": "allow", external_directory: { [`${agentDir}/skills/secret/*`]: "deny" } })).toBe("deny");
    expect(await decide({ "*": "allow", external_directory: "deny" })).toBe("allow");
    expect(await decide({ "*": "allow", external_directory: { "*": "ask", [`${agentDir}/skills/*`]: "ask" } })).toBe("allow");
  });
});

describe("gates combine deny first (reference 32.0.1)", () => {
  it("a later gate's deny wins over an earlier gate's ask, and every asking or denying gate is listed in order", async () => {
    const policy = await policyOf({ "*": "allow", external_directory: "ask", read: { "/etc/*": "deny" } });
    const d = await gate(policy).decide({ tool: "read", input: { path: "/etc/hosts" } });
    expect(d).toMatchObject({ action: "deny", gate: "tool", matchedPattern: "/etc/*" });
    expect(d.gates?.map((g) => [g.gate, g.action, g.surface])).toEqual([
      ["external_directory", "ask", "external_directory_read"],
      ["tool", "deny", "read"],
    ]);
  });
});

describe("permc diff works per direction", () => {
  it("reports a change of one member only under that member", () => {
    const side = (permission: unknown) => {
      const r = compile({ inputs: [piJson(permission)], target: { home: HOME, platform: "posix" }, command: "x", until: "automata" });
      return { policy: r.state.policy!, tables: r.state.tables! };
    };
    const before = side({ path: { "~/.ssh/*": "deny" } });
    const after = side({ path: { "~/.ssh/*": "deny" }, path_write: { "/tmp/*": "deny" } });
    const changes = diffPolicies(before, after).changes.map((c) => [c.surface, c.from, c.to]);
    expect(changes).toEqual([["path_write", "ask", "deny"]]);
  });
});

describe("win32 folds separators on the value too (reference 23.0.1)", () => {
  it("a relative forward-slash path meets a forward-slash pattern on the tool's surface and on the path family", async () => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow", read: { "src/*": "deny" }, path: { "docs/*": "deny" } })], {
      home: "C:\\Users\\me",
      platform: "win32",
    });
    const g = createGate(policy!, { cwd: "C:\\proj", home: "C:\\Users\\me", realpath: (p) => p });
    expect(await g.decide({ tool: "read", input: { path: "src/a.ts" } })).toMatchObject({ action: "deny", gate: "tool", matchedPattern: "src/*" });
    expect(await g.decide({ tool: "read", input: { path: "SRC\\A.TS" } })).toMatchObject({ action: "deny", matchedPattern: "src/*" });
    expect(await g.decide({ tool: "write", input: { path: "docs/x.md", content: "" } })).toMatchObject({ action: "deny", gate: "path", surface: "path_write" });
  });
});

describe("darwin folds case on path surfaces (macOS volumes are case-insensitive by default)", () => {
  const config = { "*": "allow", bash: { "*": "allow" }, read: { "*.env": "deny" }, path: { "*": "allow", "~/.ssh/*": "deny", "/etc/*": "deny" } };

  it.each([
    ["read", { path: "/proj/.ENV" }, "deny"],
    ["read", { path: "/Users/me/.SSH/id_rsa" }, "deny"],
    ["bash", { command: "cat /ETC/passwd" }, "deny"],
    ["bash", { command: "cat ~/.Ssh/id_rsa" }, "deny"],
    ["read", { path: "/proj/src/a.ts" }, "allow"],
  ])("%s %j → %s", async (tool, input, action) => {
    const { policy } = await compileAndLoad([piJson(config)], { home: "/Users/me", platform: "darwin" });
    const g = createGate(policy!, { cwd: "/proj", home: "/Users/me", realpath: (p) => p });
    expect((await g.decide({ tool, input })).action).toBe(action);
  });

  it("posix compares case, as the reference does everywhere but win32", async () => {
    const { policy } = await compileAndLoad([piJson(config)], { home: "/Users/me", platform: "posix" });
    const g = createGate(policy!, { cwd: "/proj", home: "/Users/me", realpath: (p) => p });
    expect((await g.decide({ tool: "read", input: { path: "/proj/.ENV" } })).action).toBe("allow");
  });

  it("the bash surface is not a path surface: rules on commands keep their case", async () => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "git push *": "deny" } })], {
      home: "/Users/me",
      platform: "darwin",
    });
    expect(policy!.check("bash", "GIT PUSH origin", false).action).toBe("allow");
  });
});

describe("darwin finds program names case-insensitively (`RM x` runs /bin/rm on a macOS volume)", () => {
  const config = { "*": "allow", bash: { "*": "allow", "rm *": "deny", "git push *": "deny" } };
  it.each([
    ["RM victim", "deny"],
    ["/BIN/Rm victim", "deny"],
    ["Git push origin main", "deny"],
    ["GIT -C . PUSH origin", "ask"],
    ["ECHO hello", "allow"],
  ])("darwin: %s → %s", async (command, action) => {
    const { policy } = await compileAndLoad([piJson(config)], { home: "/Users/me", platform: "darwin" });
    const g = createGate(policy!, { cwd: "/proj", home: "/Users/me", realpath: (p) => p });
    expect((await g.decide({ tool: "bash", input: { command } })).action).toBe(action);
  });

  it("posix: names keep their case (no RM program runs rm there)", async () => {
    const { policy } = await compileAndLoad([piJson(config)], { home: "/home/me", platform: "posix" });
    const g = createGate(policy!, { cwd: "/proj", home: "/home/me", realpath: (p) => p });
    expect((await g.decide({ tool: "bash", input: { command: "Git push origin main" } })).action).not.toBe("deny");
  });
});

describe("a pure reader's writing option is seen whatever its value (`sort -o${x:-k}` writes)", () => {
  const config = { "*": "allow", bash: { "*": "allow" }, path_read: { "*": "allow" }, path_write: { "*": "allow", "*.env": "deny" } };
  it.each([
    ["sort -o${x:-a}.env notes.txt", "deny"],
    ["sort -o$x notes.txt", "ask"],
    ['sort --output="$x" notes.txt', "ask"],
    ["find . -name x -fprint${x:-a}.env", "deny"],
    ["sort notes.txt", "allow"],
    ["cat notes.txt | sort", "allow"],
  ])("%s → %s", async (command, action) => {
    const g = gate(await policyOf(config));
    expect((await g.decide({ tool: "bash", input: { command } })).action).toBe(action);
  });
});

describe("a pure reader's words are reads, whether or not they name a file on disk (reference 27.1.0: `_read` only)", () => {
  // No file exists in CWD here: every word is a bare token, which the gate used to check on both members.
  const config = { "*": "allow", bash: { "*": "allow" }, path_write: { "*.txt": "deny" } };
  it.each([
    ["cat a.txt", "allow"],
    ["ls *.txt", "allow"],
    ["grep x *.txt", "allow"],
    ["find . -name '*.txt'", "allow"],
    ["wc -l a.txt b.txt", "allow"],
    // Not a pure reader, a claim withdrawn, or a write: both members, or the write member.
    ["cp a.txt b.md", "deny"],
    ["touch a.txt", "deny"],
    ["find . -name '*.txt' -delete", "deny"],
    ["sed -i s/a/b/ a.txt", "deny"],
    ["echo x > a.txt", "deny"],
    ["cat a.md > b.txt", "deny"],
    ["cat a.txt > b.md", "allow"],
  ])("%s → %s", async (command, action) => {
    const g = gate(await policyOf(config));
    expect((await g.decide({ tool: "bash", input: { command } })).action).toBe(action);
  });
});

describe("win32 finds program names in any case and without .exe (Git Bash: `rm.exe x` runs rm)", () => {
  it.each([
    ["rm.exe victim", "deny"],
    ["RM.EXE victim", "deny"],
    ["/usr/bin/Rm.exe victim", "deny"],
    ["git.exe push origin", "deny"],
    ["notepad.exe x", "allow"],
  ])("win32: %s → %s", async (command, action) => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "rm *": "deny", "git push *": "deny" } })], {
      home: "C:\\Users\\me",
      platform: "win32",
    });
    const g = createGate(policy!, { cwd: "C:\\proj", home: "C:\\Users\\me", realpath: (p) => p });
    expect((await g.decide({ tool: "bash", input: { command } })).action).toBe(action);
  });
});
