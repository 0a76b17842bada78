import { describe, expect, it } from "vitest";
import type { Rule } from "../../compiler/ir.js";
import { build, json, md, permissionFile } from "./helpers.js";

/** `surface pattern action origin/layer` per rule. */
function rules(list: readonly Rule[]): string[] {
  return list.map((r) => `${r.surface} ${r.pattern} ${r.action} ${r.origin}/${r.layer}${r.reason !== undefined ? ` (${r.reason})` : ""}`);
}

describe("mergeScopes follows the reference's scope merge", () => {
  it.each([
    {
      behaviour: "two maps merge: a pattern keeps its place and takes the new value (scope-001)",
      scopes: { global: { bash: { "*": "ask", "git *": "allow" } }, project: { bash: { "*": "deny" } } },
      want: ["bash * deny project/config", "bash git * allow global/config"],
    },
    {
      behaviour: "an overridden pattern keeps its early position, so a later catch-all still wins (scope-009)",
      scopes: { global: { bash: { "rm *": "deny", "*": "allow" } }, agent: { bash: { "rm *": "ask" } } },
      want: ["bash rm * ask agent/config", "bash * allow global/config"],
    },
    {
      behaviour: "new patterns are appended",
      scopes: { global: { bash: { "*": "allow", "rm *": "deny" } }, agent: { bash: { "rm -i *": "allow" } } },
      want: ["bash * allow global/config", "bash rm * deny global/config", "bash rm -i * allow agent/config"],
    },
    {
      behaviour: "a string replaces a map wholesale (scope-003)",
      scopes: { global: { bash: { "*": "ask", "rm *": "deny" } }, project: { bash: "allow" } },
      want: ["bash * allow project/config"],
    },
    {
      behaviour: "a map replaces a string wholesale, resetting origins (rules-003)",
      scopes: { project: { write: "deny" }, agent: { write: { "docs/*": "allow" } } },
      want: ["write docs/* allow agent/config"],
    },
    {
      behaviour: "surfaces keep their first position across scopes",
      scopes: { global: { read: "allow", bash: "ask" }, project: { write: "deny", read: "deny" } },
      want: ["read * deny project/config", "bash * ask global/config", "write * deny project/config"],
    },
    {
      behaviour: "integer-like keys added by a later scope still enumerate first",
      scopes: { global: { bash: { "*": "deny" } }, agent: { bash: { "7": "allow" } } },
      want: ["bash 7 allow agent/config", "bash * deny global/config"],
    },
    {
      behaviour: "a later deny without reason replaces a deny with reason (scope-024)",
      scopes: { global: { bash: { "npm *": { action: "deny", reason: "use pnpm" } } }, project: { bash: { "npm *": "deny" } } },
      want: ["bash npm * deny project/config"],
    },
  ])("$behaviour", ({ scopes, want }) => {
    const order = ["global", "project", "agent", "project-agent"] as const;
    const sources = order.flatMap((s) => (s in scopes ? [permissionFile(s, (scopes as Record<string, unknown>)[s])] : []));
    const { policy } = build(sources);
    expect(rules(policy.rules.slice(1))).toEqual(want);
  });

  it("several files of one scope fold in order", () => {
    const { policy } = build([
      json("global", '{"permission": {"bash": {"*": "ask"}}}', "a.json"),
      json("global", '{"permission": {"bash": {"git *": "allow"}}}', "b.json"),
    ]);
    expect(rules(policy.rules.slice(1))).toEqual(["bash * ask global/config", "bash git * allow global/config"]);
  });

  it("keeps the spans of the key that won", () => {
    const global = '{"permission": {"bash": {"rm *": "deny"}}}';
    const project = '{"permission": {"bash": {"rm *": "ask"}}}';
    const { policy } = build([json("global", global), json("project", project)]);
    expect(policy.rules[1]?.span).toEqual({ file: "project.json", start: project.indexOf('"rm *"'), end: project.indexOf('"rm *"') + 6 });
  });

  it("merges knobs: later yoloMode wins, read paths replace, shell tools merge by name (rules-010)", () => {
    const { policy } = build([
      json(
        "global",
        '{"yoloMode": true, "piInfrastructureReadPaths": ["/a", "/b"], "shellTools": {"run": {"commandArgument": "cmd"}, "sh": {"commandArgument": "c"}}}',
      ),
      json(
        "project",
        '{"yoloMode": false, "piInfrastructureReadPaths": ["/c"], "shellTools": {"run": {"commandArgument": "script", "workdirArgument": "cwd"}}}',
      ),
      md("agent", "---\npermission:\n  read: allow\n---\n"),
    ]);
    expect(policy.knobs).toEqual({
      yoloMode: false,
      piInfrastructureReadPaths: ["/c"],
      shellTools: { run: { commandArgument: "script", workdirArgument: "cwd" }, sh: { commandArgument: "c" } },
    });
  });

  it("merges Pi-side knobs as the reference does: every knob a later file sets replaces the earlier one whole", () => {
    const { policy } = build([
      json(
        "global",
        JSON.stringify({
          promptNotifications: ["bell"],
          permissionDialogKeys: { approve: "1", deny: "4" },
          authorizerChain: ["judge", "lint"],
          forwardingTimeoutMs: 1000,
          promptMaxRows: 10,
          debugLog: true,
          toolInputPreviewMaxLength: 5,
        }),
      ),
      json("project", JSON.stringify({ promptNotifications: [], permissionDialogKeys: { deny: "d" }, authorizerChain: ["judge"], promptMaxRows: 40 })),
      md("agent", "---\npermission:\n  read: allow\n---\n"),
    ]);
    expect(policy.settings).toEqual({
      promptNotifications: [], // a project `[]` turns the global list off
      permissionDialogKeys: { deny: "d" }, // the whole map is replaced, not merged by decision
      authorizerChain: ["judge"],
      forwardingTimeoutMs: 1000,
      promptMaxRows: 40,
      debugLog: true,
    }); // the deprecated preview caps are never used, so never merged
  });

  it("a file without knobs leaves the defaults", () => {
    expect(build([permissionFile("global", { read: "allow" })]).policy.knobs).toEqual({ yoloMode: false, piInfrastructureReadPaths: [], shellTools: {} });
  });
});

describe("directional sugar expands per scope, before the merge (as in the reference)", () => {
  it.each([
    {
      behaviour: "a bare key becomes both members with the same entries; nothing stays on the bare surface (check-005…007)",
      scopes: { global: { path: { "/secret/*": "deny" } } },
      want: ["path_read /secret/* deny global/config", "path_write /secret/* deny global/config"],
    },
    {
      behaviour: "explicit member entries come after the sugar, whatever the key order (check-008/009)",
      scopes: { global: { external_directory_read: { "/dev-root/*": "allow" }, external_directory: { "*": "ask" } } },
      want: [
        "external_directory_read * ask global/config",
        "external_directory_read /dev-root/* allow global/config",
        "external_directory_write * ask global/config",
      ],
    },
    {
      behaviour: "an explicit pattern equal to a sugar pattern replaces it at the end",
      scopes: { global: { path: { "a*": "deny", "*": "allow" }, path_read: { "a*": "ask" } } },
      want: ["path_read * allow global/config", "path_read a* ask global/config", "path_write a* deny global/config", "path_write * allow global/config"],
    },
    {
      behaviour: "a bare action string is the pattern `*`, before the explicit map",
      scopes: { global: { path: "deny", path_read: { "/ok/*": "allow" } } },
      want: ["path_read * deny global/config", "path_read /ok/* allow global/config", "path_write * deny global/config"],
    },
    {
      behaviour: "an explicit action string covers every value, so it replaces the sugar",
      scopes: { global: { path: { "~/.ssh/*": "deny" }, path_write: "ask" } },
      want: ["path_read ~/.ssh/* deny global/config", "path_write * ask global/config"],
    },
    {
      behaviour: "expanded maps merge across scopes by pattern, like any surface",
      scopes: { global: { path: { "*": "allow", "~/.ssh/*": "deny" } }, project: { path_write: { "*": "ask" } } },
      want: [
        "path_read * allow global/config",
        "path_read ~/.ssh/* deny global/config",
        "path_write * ask project/config",
        "path_write ~/.ssh/* deny global/config",
      ],
    },
    {
      behaviour: "a later scope's bare string replaces an earlier member map in both directions",
      scopes: { global: { path_read: { "*": "allow", "/x": "deny" } }, agent: { path: "ask" } },
      want: ["path_read * ask agent/config", "path_write * ask agent/config"],
    },
  ])("$behaviour", ({ scopes, want }) => {
    const order = ["global", "project", "agent", "project-agent"] as const;
    const sources = order.flatMap((sc) => (sc in scopes ? [permissionFile(sc, (scopes as Record<string, unknown>)[sc])] : []));
    expect(rules(build(sources).policy.rules.slice(1))).toEqual(want);
  });
});

describe("composeRules: default, baseline, config, in the reference's order", () => {
  it("composes rules-001", () => {
    const { policy } = build([permissionFile("global", { "*": "deny", bash: { "*": "ask", "git *": "allow" }, mcp: { "exa:*": "allow" }, read: "allow" })]);
    expect(rules(policy.rules)).toEqual([
      "* * deny global/default",
      "mcp mcp_status allow baseline/baseline",
      "mcp mcp_list allow baseline/baseline",
      "mcp mcp_search allow baseline/baseline",
      "mcp mcp_describe allow baseline/baseline",
      "mcp mcp_connect allow baseline/baseline",
      "bash * ask global/config",
      "bash git * allow global/config",
      "mcp exa:* allow global/config",
      "read * allow global/config",
    ]);
  });

  it.each([
    { behaviour: "no config at all", scopes: {}, want: "* * ask builtin/default" },
    {
      behaviour: "an action string sets the fallback and its origin",
      scopes: { global: { "*": "allow" }, project: { "*": "deny" } },
      want: "* * deny project/default",
    },
    { behaviour: "a map under `*` is discarded (univ-025)", scopes: { global: { "*": { x: "allow" } } }, want: "* * ask builtin/default" },
    { behaviour: "a map under `*` with a `*` entry lends its scope as origin", scopes: { global: { "*": { "*": "allow" } } }, want: "* * ask global/default" },
    {
      behaviour: "a map replacing an action string resets the fallback",
      scopes: { global: { "*": "allow" }, agent: { "*": { x: "deny" } } },
      want: "* * ask builtin/default",
    },
    {
      behaviour: "merged maps under `*` keep the older `*` origin",
      scopes: { global: { "*": { "*": "allow" } }, project: { "*": { x: "deny" } } },
      want: "* * ask global/default",
    },
  ])("default rule: $behaviour", ({ scopes, want }) => {
    const order = ["global", "project", "agent", "project-agent"] as const;
    const sources = order.flatMap((s) => (s in scopes ? [permissionFile(s, (scopes as Record<string, unknown>)[s])] : []));
    const { policy } = build(sources);
    expect(rules(policy.rules)[0]).toBe(want);
    expect(policy.rules.filter((r) => r.layer === "default")).toHaveLength(1);
    expect(policy.rules.some((r) => r.surface === "*" && r.layer === "config")).toBe(false);
  });

  it.each([
    ["`mcp: allow`", { mcp: "allow" }, true],
    ["an allow pattern under mcp", { mcp: { "exa:*": "allow" } }, true],
    ["an allow pattern from an agent scope (mcp-015)", { agentMcp: true }, true],
    ["only ask/deny mcp rules (mcp-009)", { mcp: { "exa:*": "ask", x: "deny" } }, false],
    ["a wildcard surface `mcp*` (mcp-013)", { "mcp*": "allow" }, false],
    ["a universal allow", { "*": "allow" }, false],
  ])("MCP baseline with %s", (_name, config, expected) => {
    const sources =
      "agentMcp" in config
        ? [permissionFile("global", { mcp: { "*": "ask" } }), permissionFile("agent", { mcp: { "github_*": "allow" } })]
        : [permissionFile("global", config)];
    const { policy } = build(sources);
    expect(policy.rules.filter((r) => r.layer === "baseline").length).toBe(expected ? 5 : 0);
  });

  it("copies keys naming Pi's MCP tools onto `mcp`, after every other rule and after the baseline is decided (38.0.0)", () => {
    const { policy, diagnostics } = build([
      permissionFile("global", {
        "*": "ask",
        mcp__danger_srv__wipe: "allow",
        "mcp__db__*": { "*": { action: "deny", reason: "no db" }, x: "allow" },
        mcp__notes__read: { "a/*": "deny" },
        "*__wipe": "deny",
        mcp: { "*": "ask" },
      }),
    ]);
    expect(rules(policy.rules.filter((r) => r.surface === "mcp"))).toEqual([
      "mcp * ask global/config",
      "mcp mcp__danger_srv__wipe allow global/config",
      "mcp mcp__db__* deny global/config (no db)",
    ]);
    expect(policy.rules.at(-1)?.pattern).toBe("mcp__db__*");
    expect(policy.rules.some((r) => r.layer === "baseline")).toBe(false); // a copied allow does not arm it
    expect(diagnostics.filter((d) => d.slug === "mcp-tool-key-relocated").map((d) => [d.severity, d.message])).toEqual([
      ["info", "key `mcp__danger_srv__wipe` also decides as the rule `mcp` `mcp__danger_srv__wipe` allow"],
      ["info", "key `mcp__db__*` also decides as the rule `mcp` `mcp__db__*` deny"],
      ["info", "key `mcp__notes__read` names a Pi MCP tool, which is gated on `mcp`; its patterns apply to nothing"],
    ]);
  });

  it("keeps deny reasons and spans on config rules", () => {
    const text = '{"permission": {"bash": {"npm *": {"action": "deny", "reason": "use pnpm"}}, "read": "allow"}}';
    const { policy } = build([json("global", text)]);
    expect(policy.rules[1]).toMatchObject({ reason: "use pnpm", span: { file: "global.json", start: text.indexOf('"npm *"') } });
    expect(policy.rules[2]).toMatchObject({ pattern: "*", span: { start: text.indexOf('"read"') } });
  });

  it("a rejected file contributes nothing; the others still apply (scope-018)", () => {
    const { policy, errors } = build([
      permissionFile("global", { "*": "allow", bash: { ls: "allow", bad: "sometimes" } }),
      permissionFile("project", { read: "allow" }),
    ]);
    expect(errors).toBe(true);
    expect(rules(policy.rules)).toEqual(["* * ask builtin/default", "read * allow project/config"]);
  });
});
