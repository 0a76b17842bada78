import { describe, expect, it } from "vitest";
import { rulesEqualIgnoringSpans } from "../../compiler/ir.js";
import { piJson } from "../support/compile-and-load.js";
import { compileAll, perm, rendered, where } from "./helpers.js";

describe("a .perm file compiles to the same IR as the JSON it stands for", () => {
  it.each([
    ["default and shorthand", "default deny\nread allow\n", { "*": "deny", read: "allow" }],
    ["pattern rules grouped per surface", 'bash "*" ask\nbash "git *" allow\n', { bash: { "*": "ask", "git *": "allow" } }],
    ["deny reasons", 'bash "npm *" deny "use pnpm"\n', { bash: { "npm *": { action: "deny", reason: "use pnpm" } } }],
    ["wildcard surface keys, bare or quoted", 'exa_* "*" deny\n"my tool *" allow\n', { "exa_*": { "*": "deny" }, "my tool *": "allow" }],
    [
      "interleaved surfaces that cannot meet",
      'bash "*" ask\nread "*" allow\nbash "git *" allow\n',
      { bash: { "*": "ask", "git *": "allow" }, read: { "*": "allow" } },
    ],
    ["MCP baseline, as compose-rules adds it", 'mcp "exa:*" allow\n', { mcp: { "exa:*": "allow" } }],
    ["JSON escapes in strings", 'bash "echo \\"hi\\"\\t\\u00e9" allow\n', { bash: { 'echo "hi"\té': "allow" } }],
    ["comments anywhere", '# head\nbash "#x" deny # tail\n', { bash: { "#x": "deny" } }],
    ["integer-like patterns written first", 'bash "7" allow\nbash "*" deny\n', { bash: { "7": "allow", "*": "deny" } }],
    [
      "a bare family before its explicit directional member",
      'external_directory "*" ask\nexternal_directory_read "/dev-root/*" allow\n',
      { external_directory: { "*": "ask" }, external_directory_read: { "/dev-root/*": "allow" } },
    ],
    [
      "directional surfaces written directly",
      'path_write "*" deny\npath_read "~/.ssh/*" deny\n',
      { path_write: { "*": "deny" }, path_read: { "~/.ssh/*": "deny" } },
    ],
    ["`${HOME}` in a pattern", 'external_directory "${HOME}/trusted/*" allow\n', { external_directory: { "${HOME}/trusted/*": "allow" } }],
  ] as const)("%s", (_name, text, json) => {
    const a = compileAll([perm(text)], "compose");
    const b = compileAll([piJson(json)], "compose");
    expect(a.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(rulesEqualIgnoringSpans(a.state.policy!.rules, b.state.policy!.rules)).toBe(true);
  });

  it("knobs go through the config's own validation", () => {
    const text =
      'set yoloMode true\nset piInfrastructureReadPaths ["~/.cache"]\nset shellTools {"my_sh": {"commandArgument": "cmd", "workdirArgument": "cwd"}}\n';
    const a = compileAll([perm(text)], "compose");
    expect(a.state.policy!.knobs).toEqual({
      yoloMode: true,
      piInfrastructureReadPaths: ["~/.cache"],
      shellTools: { my_sh: { commandArgument: "cmd", workdirArgument: "cwd" } },
    });
  });

  it("sets the 40.1.4 knobs, checked as the JSON config checks them", () => {
    const text =
      'set authorizerChain ["model-judge"]\nset forwardingTimeoutMs 5000\nset promptNotifications ["bell"]\nset permissionDialogKeys {"deny": "4"}\n';
    const a = compileAll([perm(text)], "compose");
    expect(a.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(a.state.policy!.settings).toEqual({
      authorizerChain: ["model-judge"],
      forwardingTimeoutMs: 5000,
      promptNotifications: ["bell"],
      permissionDialogKeys: { deny: "4" },
    });
  });

  it("merges with JSON scopes as a JSON file of its scope would", () => {
    const global = piJson({ bash: { "*": "ask", "git *": "allow" } });
    const a = compileAll([global, perm('scope project\nbash "*" deny\n', "project")], "compose");
    const b = compileAll([global, piJson({ bash: { "*": "deny" } }, "project")], "compose");
    expect(rulesEqualIgnoringSpans(a.state.policy!.rules, b.state.policy!.rules)).toBe(true);
  });

  it("splices included files in at the include line", () => {
    const a = compileAll([perm('bash "*" ask\ninclude "more.perm"\n', "global", { "more.perm": 'bash "git *" allow\n' })], "compose");
    expect(a.state.policy!.rules.map((r) => r.pattern)).toEqual(["*", "*", "git *"]);
  });
});

describe("diagnostics", () => {
  it.each([
    ["unterminated string", 'bash "git *\n', ["syntax-error@1:6"]],
    ["invalid escape", 'bash "a\\qb" allow\n', ["syntax-error@1:8"]],
    ["missing action", 'bash "x"\n', ["syntax-error@1:9"]],
    ["trailing garbage", 'bash "x" allow please\n', ["syntax-error@1:16"]],
    ["test without arrow", 'test bash "x" allow\n', ["syntax-error@1:15"]],
    ["misspelt action", 'bash "x" alow\n', ["invalid-action@1:10"]],
    ["reason on allow", 'bash "x" allow "why"\n', ["invalid-reason@1:16"]],
    ["reason on the shorthand", 'bash deny "why"\n', ["invalid-reason@1:11"]],
    ["too long a reason", `bash "x" deny "${"r".repeat(501)}"\n`, ["reason-too-long@1:15"]],
    ["empty pattern", 'bash "" allow\n', ["empty-key@1:6"]],
    ["surface with swapped letters", 'bsah "x" allow\n', ["unknown-surface@1:1"]],
    ["surface one edit away", 'rea "x" allow\n', ["unknown-surface@1:1"]],
    ["unknown knob", "set yolo true\n", ["unknown-key@1:5"]],
    ["knob of the wrong type", 'set yoloMode "yes"\n', ["invalid-value@1:14"]],
    ["unknown scope", "scope globl\n", ["invalid-value@1:7"]],
    ["shorthand and patterns for one surface", 'bash allow\nbash "x" deny\n', ["mixed-surface-forms@2:1"]],
    ["repeated rule", 'bash "x" allow\nbash "x" deny\n', ["duplicate-key@2:6"]],
    ["repeated rule that moves", 'bash "x" allow\nbash "*" ask\nbash "x" deny\n', ["duplicate-key@3:6", "rule-out-of-order@3:6"]],
    ["integer-like pattern after a catch-all", 'bash "*" ask\nbash "7" allow\n', ["rule-out-of-order@2:6"]],
    ["surface split by an overlapping wildcard surface", 'read "*" ask\n"r*" "*" deny\nread "x" allow\n', ["rule-out-of-order@3:6"]],
    ["default after a rule", 'bash "*" ask\ndefault deny\n', ["rule-out-of-order@2:1"]],
    ["misspelled directional surface", 'path_wrote "*" deny\n', ["unknown-key@1:1"]],
    ["bare family after an overlapping explicit member (the sugar compiles first)", 'path_read "/a/*" allow\npath "*" deny\n', ["rule-out-of-order@2:6"]],
    ["an empty authorizer link", 'set authorizerChain [""]\n', ["invalid-value@1:22"]],
    ['pattern rules under "*"', '"*" "x" allow\n', ["map-under-universal@1:1"]],
    ["failing inline test", 'bash "*" ask\ntest bash "ls" -> allow\n', ["inline-test-failed@2:1"]],
  ] as const)("%s", (_name, text, expected) => {
    expect(where(compileAll([perm(text)]))).toEqual(expected);
  });

  it("reports every syntax error of a file in one run", () => {
    const text = 'bash "x\nread "*" allw\nwrite "a" allow extra\ndefault\nbash "ok" allow\ntest bash "y" -> nope\n';
    expect(where(compileAll([perm(text)]))).toEqual([
      "syntax-error@1:6",
      "invalid-action@2:10",
      "syntax-error@3:17",
      "syntax-error@4:8",
      "invalid-action@6:18",
    ]);
  });

  it("suggests the known surface and the action", () => {
    const out = rendered(compileAll([perm('bsah "x" allw\n')]));
    expect(out).toContain("did you mean `bash`?");
    expect(out).toContain("did you mean `allow`?");
  });

  it("explains why a bare family line is checked before an explicit member", () => {
    const out = rendered(compileAll([perm('path_read "/a/*" allow\npath "*" deny\n')]));
    expect(out).toContain("a bare `path` rule stands for `path_read` and `path_write`");
  });

  it("a bare family line written before its members decides in page order", () => {
    expect(where(compileAll([perm('path "*" deny\npath_read "/a/*" allow\n')]))).toEqual([]);
  });

  it("detects include cycles and names the chain", () => {
    const r = compileAll([perm('include "a.perm"\n', "global", { "a.perm": 'include "p.perm"\n', "p.perm": "" })]);
    expect(where(r)).toEqual(["include-cycle@1:9"]);
    expect(rendered(r)).toContain("p.perm → a.perm → p.perm");
  });

  it("reports an include it cannot read at the include line", () => {
    expect(where(compileAll([perm('include "gone.perm"\n')]))).toEqual(["unreadable-input@1:9"]);
  });

  it("points into the included file", () => {
    expect(where(compileAll([perm('include "a.perm"\n', "global", { "a.perm": '\nbash "x" nope\n' })]))).toEqual(["invalid-action@2:10"]);
  });

  it("refuses a scope line that disagrees with the scope the file is compiled as", () => {
    expect(where(compileAll([perm("scope project\n", "global")]))).toEqual(["scope-mismatch@1:7"]);
  });

  it("refuses knobs in an agent scope", () => {
    expect(where(compileAll([perm("scope agent\nset yoloMode true\n", "agent")]))).toEqual(["unknown-key@2:5"]);
  });

  it("a failing inline test writes no module", () => {
    const r = compileAll([perm('bash "*" deny\ntest bash "ls" -> allow\n')]);
    expect(r.moduleText).toBeNull();
    expect(rendered(r)).toContain('decided by `bash "*"` (p.perm:1)');
  });

  it("passing inline tests let the module through", () => {
    expect(compileAll([perm('bash "*" deny\ntest bash "ls" -> deny\n')]).moduleText).not.toBeNull();
  });
});
