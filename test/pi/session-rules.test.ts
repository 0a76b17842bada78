import { describe, expect, it } from "vitest";
import { createGate } from "../../runtime/index.js";
import type { GateDecision, GateUnit } from "../../runtime/gate/index.js";
import { bashPattern, parentPattern, sessionSuggestions, unitPattern } from "../../runtime/pi/session-suggestions.js";
import { SessionRules, wildcardMatches } from "../../runtime/session-rules.js";
import { compatibleCompilerVersion } from "../../runtime/version.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

describe("session-rule wildcards follow the compiled tables' semantics (the reference's wildcards)", () => {
  it.each([
    ["*", "", true],
    ["*", "a\nb", true],
    ["a*b", "a\nb", true],
    ["?", "\n", true],
    ["?", "😀", false],
    ["??", "😀", true],
    ["git *", "git", true],
    ["git *", "git ", true],
    ["git *", "git status", true],
    ["git *", "gitk", false],
    ["git *", "git\tstatus", false],
    ["docker  *", "docker ", true],
    ["cargo * *", "cargo build", true],
    ["cargo * *", "cargo", false],
    [" *", "", true],
    ["tar*", "tarball", true],
    ["[ab]", "a", false],
    ["[ab]", "[ab]", true],
    ["shutdown", "shutdown\n", false],
    ["a*a", "a", false],
    ["a*a", "aa", true],
    ["*a*b*c", "xxaxxbxxc", true],
    ["*a*b*c", "xxaxxcxxb", false],
    ["/home/u/src/*", "/home/u/src/a/b.ts", true],
    ["/home/u/src/*", "/home/u/srcx", false],
  ])("%j matches %j: %s", (pattern, value, want) => {
    expect(wildcardMatches(pattern, value)).toBe(want);
  });

  it("decides a many-star pattern against a long value in linear-ish time (no backtracking blow-up)", () => {
    const started = performance.now();
    expect(wildcardMatches("*a*a*a*a*a*a*a*a*b", "a".repeat(200_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("reports the latest matching rule and only for its own surface", () => {
    const rules = new SessionRules();
    rules.add("bash", "git *");
    rules.add("bash", "git push *");
    expect(rules.match("bash", "git push origin")).toBe("git push *");
    expect(rules.match("path", "git push origin")).toBeNull();
    rules.clear();
    expect(rules.match("bash", "git push origin")).toBeNull();
  });
});

describe("session-approval suggestions, as the reference makes them: a command by its arity, a path by its directory", () => {
  it.each([
    ["ls", "ls"],
    ["git status", "git status*"],
    ["npm run build", "npm run build*"],
    ["git push origin main", "git push *"],
    ["deploy staging", "deploy *"],
    ["# note\ngit push origin main", "git push *"],
  ])("bash %j → %j", (command, want) => {
    expect(bashPattern(command)).toBe(want);
  });

  it.each([
    ["src/a.ts", "/p", "/p/src/*"],
    ["/etc/passwd", "/p", "/etc/*"],
    ["/etc/", "/p", "/etc/*"],
    ["/x", "/p", "/*"],
  ])("path %j in %j → %j", (value, cwd, want) => {
    expect(parentPattern(value, cwd)).toBe(want);
  });
});

describe("a wrapper's suggestion is the wrapper plus its inner command word plus * (reference 40.1.4)", () => {
  const ask = (text: string, derived = false): GateUnit => ({ text, action: "ask", matchedPattern: "*", ...(derived ? { derived: true as const } : {}) });

  it.each([
    ["sudo", [ask("sudo mytool --fast x"), ask("mytool --fast x", true)], "sudo mytool *"],
    ["env with an assignment", [ask("env FOO=bar mytool x"), ask("mytool x", true)], "env FOO=bar mytool *"],
    [
      "nested wrappers take the innermost command",
      [ask("sudo -u root nohup mytool x"), ask("nohup mytool x", true), ask("mytool x", true)],
      "sudo -u root nohup mytool *",
    ],
    ["xargs", [ask("xargs mytool"), ask("mytool", true)], "xargs mytool *"],
    ["an xargs replacement template stays exact", [ask("xargs -I{} mytool {}"), ask("mytool {}", true)], "xargs -I{} mytool {}"],
    ["an inline shell payload stays exact", [ask("bash -c 'rm x'"), ask("rm x", true)], "bash -c 'rm x'"],
    ["a non-breaking space keeps the command exact", [ask("sudo my\u00a0tool x"), ask("my\u00a0tool x", true)], "sudo my\u00a0tool x"],
    ["an inner word that is not plain stays exact", [ask('sudo "$TOOL" x'), ask('"$TOOL" x', true)], 'sudo "$TOOL" x'],
    ["a plain command gets the arity pattern", [ask("git push origin main")], "git push *"],
    ["a command named like an Object builtin is a plain word", [ask("constructor x y")], "constructor *"],
  ])("%s", (_what, units, want) => {
    expect(unitPattern(units, 0)).toBe(want);
  });

  it("the inner unit of a nested wrapper gets its own pattern", () => {
    expect(unitPattern([ask("sudo -u root nohup mytool x"), ask("nohup mytool x", true), ask("mytool x", true)], 1)).toBe("nohup mytool *");
  });

  it("each asking unit gets a rule; a floored unit and an allowed one get none; a path ask adds its own", () => {
    const d: GateDecision = {
      action: "ask",
      matchedPattern: "*.env",
      origin: "global",
      gate: "bash_path",
      value: "/p/.env",
      units: [
        ask("cat .env"),
        { text: "sudo ls", action: "ask", matchedPattern: "<indirection-bash-wrapper>", floor: "indirection" },
        { text: "ls", action: "allow", matchedPattern: "*", derived: true },
        ask("rm -r w2"),
      ],
    };
    expect(sessionSuggestions("bash", d, "/p")).toEqual([
      { surface: "path", pattern: "/p/*" },
      { surface: "bash", pattern: "cat *" },
      { surface: "bash", pattern: "rm *" },
    ]);
  });
});

describe("the gate consults session rules after the compiled decision", () => {
  const policy = async () =>
    (
      await compileAndLoad(
        [piJson({ "*": "ask", bash: { "*": "ask", "git push --force*": "deny", "ls *": "allow" }, read: { "*": "ask", "*.env": "deny" } })],
        { home: "/home/t" },
      )
    ).policy!;
  const rules = new SessionRules();
  rules.add("bash", "git *");
  rules.add("bash", "ls *");
  rules.add("bash", "python3 *");
  rules.add("read", "/proj/*");

  it.each([
    ["an ask on the same surface becomes allow", { tool: "bash", input: { command: "git push origin main" } }, "allow", "session"],
    ["a config deny stays deny", { tool: "bash", input: { command: "git push --force origin" } }, "deny", undefined],
    ["an inline-interpreter floor stays ask", { tool: "bash", input: { command: "python3 -c 'print(1)'" } }, "ask", undefined],
    ["an unparseable floor stays ask", { tool: "bash", input: { command: "git log )" } }, "ask", undefined],
    ["a wrapper floor stays ask", { tool: "bash", input: { command: "sudo ls /" } }, "ask", undefined],
    ["a file tool ask under the approved directory becomes allow", { tool: "read", input: { path: "src/a.ts" } }, "allow", "session"],
    ["a file tool deny under the approved directory stays deny", { tool: "read", input: { path: ".env" } }, "deny", undefined],
    ["an ask on another surface stays ask", { tool: "write", input: { path: "src/a.ts" } }, "ask", undefined],
  ])("%s", async (_what, call, action, origin) => {
    const d = await createGate(await policy(), { cwd: "/proj", home: "/home/t", sessionRules: rules }).decide(call);
    expect(d.action).toBe(action);
    if (origin) expect(d.origin).toBe(origin);
  });

  it("a rule for one unit does not silence another asking unit of the chain (reference 40.0.2)", async () => {
    const d = await createGate(await policy(), { cwd: "/proj", home: "/home/t", sessionRules: rules }).decide({
      tool: "bash",
      input: { command: "git push origin main && npm publish" },
    });
    expect(d).toMatchObject({ action: "ask", value: "npm publish" });
    expect(d.units?.map((u) => u.action)).toEqual(["allow", "ask"]);
  });

  it("without session rules the same calls ask", async () => {
    const d = await createGate(await policy(), { cwd: "/proj", home: "/home/t" }).decide({ tool: "bash", input: { command: "git push origin main" } });
    expect(d.action).toBe("ask");
  });
});

describe("compiler-version compatibility", () => {
  it.each([
    ["0.1.0", "0.1.5", true],
    ["0.1.0", "0.2.0", false],
    ["1.0.0", "1.9.2", true],
    ["2.0.0", "1.9.2", false],
    ["1.2.3-beta.1", "1.0.0", true],
    ["not-a-version", "1.0.0", false],
    ["", "1.0.0", false],
  ])("module %j under runtime %j: %s", (compiler, runtime, want) => {
    expect(compatibleCompilerVersion(compiler, runtime)).toBe(want);
  });
});
