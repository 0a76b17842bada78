import { describe, expect, it } from "vitest";
import { readPiConfig } from "../../compiler/frontend/json/read-pi-config.js";
import type { ScopeDocument } from "../../compiler/frontend/scope-document.js";
import type { Scope } from "../../compiler/ir.js";
import { json } from "./helpers.js";

function read(text: string, scope: Scope = "global") {
  const r = readPiConfig(json(scope, text));
  return { ...r, slugs: r.diagnostics.map((d) => d.slug), errors: r.diagnostics.filter((d) => d.severity === "error").map((d) => d.slug) };
}

/** `surface pattern=action` lines, in the document's order. */
function shape(doc: ScopeDocument | null): string[] {
  if (!doc) return ["<rejected>"];
  return doc.permission.flatMap((s) =>
    s.value.kind === "action"
      ? [`${s.surface}=${s.value.action}`]
      : s.value.patterns.map((p) => `${s.surface} ${p.pattern}=${p.action}${p.reason !== undefined ? ` (${p.reason})` : ""}`),
  );
}

describe("JSON.parse ordering quirks are kept, and reported", () => {
  it.each([
    {
      behaviour: "a duplicate key keeps its first position and takes its last value",
      text: '{"permission": {"bash": {"*": "allow", "rm *": "deny", "*": "ask"}}}',
      order: ["bash *=ask", "bash rm *=deny"],
      slugs: ["duplicate-key"],
    },
    {
      behaviour: "a duplicate surface key replaces the whole earlier map",
      text: '{"permission": {"bash": {"rm *": "deny"}, "read": "allow", "bash": {"ls": "allow"}}}',
      order: ["bash ls=allow", "read=allow"],
      slugs: ["duplicate-key"],
    },
    {
      behaviour: "integer-like pattern keys come first, ascending",
      text: '{"permission": {"bash": {"*": "deny", "7": "allow", "10": "allow", "x": "ask"}}}',
      order: ["bash 7=allow", "bash 10=allow", "bash *=deny", "bash x=ask"],
      slugs: ["integer-key-order", "integer-key-order"],
    },
    {
      behaviour: "integer-like surface keys come first too",
      text: '{"permission": {"read": "allow", "42": "deny"}}',
      order: ["42=deny", "read=allow"],
      slugs: ["integer-key-order"],
    },
    {
      behaviour: "integer-like keys already in enumeration order raise nothing",
      text: '{"permission": {"bash": {"7": "allow", "10": "allow", "x": "ask"}}}',
      order: ["bash 7=allow", "bash 10=allow", "bash x=ask"],
      slugs: [],
    },
    {
      behaviour: "non-canonical numbers are ordinary keys",
      text: '{"permission": {"bash": {"*": "deny", "07": "allow", "-1": "allow", "1.5": "allow", "4294967295": "allow"}}}',
      order: ["bash *=deny", "bash 07=allow", "bash -1=allow", "bash 1.5=allow", "bash 4294967295=allow"],
      slugs: [],
    },
    {
      behaviour: "the largest array index still moves",
      text: '{"permission": {"bash": {"*": "deny", "4294967294": "allow"}}}',
      order: ["bash 4294967294=allow", "bash *=deny"],
      slugs: ["integer-key-order"],
    },
    {
      behaviour: "a `__proto__` surface vanishes",
      text: '{"permission": {"__proto__": "allow", "read": "ask"}}',
      order: ["read=ask"],
      slugs: ["proto-key"],
    },
    {
      behaviour: "a `__proto__` pattern vanishes, leaving its map",
      text: '{"permission": {"bash": {"__proto__": {"action": "deny"}}}}',
      order: [],
      slugs: ["proto-key"],
    },
    {
      behaviour: "a map under `*` is kept in the document but warned about",
      text: '{"permission": {"*": {"*": "allow"}}}',
      order: ["* *=allow"],
      slugs: ["map-under-universal"],
    },
    {
      behaviour: "only the last of duplicate values is validated",
      text: '{"permission": {"bash": "sometimes", "bash": "allow"}}',
      order: ["bash=allow"],
      slugs: ["duplicate-key"],
    },
  ])("$behaviour", ({ text, order, slugs }) => {
    const r = read(text);
    expect(shape(r.doc)).toEqual(order);
    expect(r.slugs.sort()).toEqual([...slugs].sort());
  });

  it("a bad `__proto__` value is still an error, as the schema checks it before it vanishes", () => {
    expect(read('{"permission": {"__proto__": "sometimes"}}').errors).toEqual(["invalid-action"]);
  });

  it("an empty surface map is kept: it still replaces a lower scope's value", () => {
    const r = read('{"permission": {"bash": {}}}');
    expect(r.doc?.permission).toHaveLength(1);
    expect(r.doc?.permission[0]?.value).toEqual({ kind: "map", patterns: [] });
  });
});

describe("comments are stripped like the reference's scanner", () => {
  it.each([
    { behaviour: "line and block comments outside strings", text: '// top\n{ /* a */ "permission": {"read": "allow"} // end\n}', order: ["read=allow"] },
    {
      behaviour: "comment markers inside strings survive",
      text: '{"permission": {"bash": {"echo //x": "allow", "a /* b */": "deny"}}}',
      order: ["bash echo //x=allow", "bash a /* b */=deny"],
    },
    { behaviour: "an escaped quote does not end the string", text: '{"permission": {"bash": {"say \\" // no": "allow"}}}', order: ['bash say " // no=allow'] },
    { behaviour: "a deleted comment joins its neighbours", text: '{"yoloMode": tr/**/ue, "permission": {"read": "allow"}}', order: ["read=allow"] },
  ])("$behaviour", ({ text, order }) => {
    const r = read(text);
    expect(r.errors).toEqual([]);
    expect(shape(r.doc)).toEqual(order);
  });

  it("an unclosed block comment at the end swallows the rest, with a warning", () => {
    const r = read('{"permission": {"read": "allow"}} /* {"permission": {"read": "deny"}}');
    expect(shape(r.doc)).toEqual(["read=allow"]);
    expect(r.slugs).toEqual(["unterminated-comment"]);
  });

  it("an unclosed block comment that swallows needed text is a syntax error", () => {
    expect(read('{"permission": /* {"read": "deny"}}').errors).toEqual(["syntax-error"]);
  });
});

describe("strict scopes reject the whole file on any violation", () => {
  it.each([
    ["trailing comma", '{"permission": {"bash": "allow",}}', ["syntax-error"]],
    ["byte-order mark", '\uFEFF{"permission": {}}', ["byte-order-mark"]],
    ["legacy root keys", '{"defaultPolicy": "ask", "tools": {}, "bash": {}, "mcp": {}, "skills": {}, "special": {}}', Array(6).fill("unknown-key")],
    ["allow written as an object", '{"permission": {"bash": {"x": {"action": "allow"}}}}', ["invalid-reason"]],
    ["a deny object without action", '{"permission": {"bash": {"x": {"reason": "r"}}}}', ["invalid-value"]],
    ["an unknown action in a deny object", '{"permission": {"bash": {"x": {"action": "block"}}}}', ["invalid-action"]],
    ["an action in the wrong case", '{"permission": {"read": "Allow"}}', ["invalid-action"]],
    ["a number where an action belongs", '{"permission": {"bash": {"x": 1}}}', ["invalid-value"]],
    ["a non-boolean knob", '{"yoloMode": "true"}', ["invalid-value"]],
    ["a zero preview length", '{"toolInputPreviewMaxLength": 0, "permission": {"*": "allow"}}', ["invalid-value"]],
    ["a fractional summary length", '{"toolTextSummaryMaxLength": 1.5}', ["invalid-value"]],
    ["a shell tool without commandArgument", '{"shellTools": {"sh": {"workdirArgument": "cwd"}}}', ["invalid-value"]],
    ["read paths that are not an array", '{"piInfrastructureReadPaths": "~/x"}', ["invalid-value"]],
    ["a root `__proto__`", '{"__proto__": {}}', ["unknown-key"]],
    ["an empty file", "", ["syntax-error"]],
    ["a scalar root", '"permission"', ["invalid-value"]],
    ["a zero forwarding timeout", '{"forwardingTimeoutMs": 0}', ["invalid-value"]],
    ["a fractional prompt height", '{"promptMaxRows": 2.5}', ["invalid-value"]],
    ["an unknown notification channel", '{"promptNotifications": ["beep"]}', ["invalid-value"]],
    ["notifications that are not an array", '{"promptNotifications": "bell"}', ["invalid-value"]],
    ["an unknown dialog decision", '{"permissionDialogKeys": {"approveAll": "1"}}', ["invalid-value"]],
    ["a dialog key that is not a string", '{"permissionDialogKeys": {"approve": 1}}', ["invalid-value"]],
    ["an empty authorizer link", '{"authorizerChain": [""]}', ["invalid-value"]],
    ["a misspelled directional key", '{"permission": {"path_wrote": {"*": "deny"}}}', ["unknown-key"]],
    ["a directional family with a bare underscore", '{"permission": {"external_directory_": "deny"}}', ["unknown-key"]],
    ["an empty surface key", '{"permission": {"": "allow"}}', ["empty-key"]],
  ])("%s", (_name, text, errors) => {
    const r = read(text);
    expect(r.doc).toBeNull();
    expect(r.errors).toEqual(errors);
  });

  it("absurdly deep nesting is rejected without throwing", () => {
    const deep = `{"permission": {"bash": ${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    expect(read(deep).doc).toBeNull();
    expect(read(deep).errors.length).toBeGreaterThan(0);
  });

  it("legacy keys explain the migration in notes", () => {
    const d = read('{"defaultPolicy": "ask"}').diagnostics[0]!;
    expect(d.notes.join(" ")).toMatch(/pre-flat legacy format/);
    expect(d.notes.join(" ")).toMatch(/"permission": \{ "\*": "ask" \}/);
  });

  it("a misspelled directional key names the legal spellings and the closest one", () => {
    const d = read('{"permission": {"path_reed": {"*": "deny"}}}').diagnostics[0]!;
    expect(d.message).toBe("unknown directional surface key `path_reed`");
    expect(d.help).toBe("did you mean `path_read`?");
    expect(d.notes.join(" ")).toMatch(/`path_read`, `path_write`, `external_directory_read`, `external_directory_write`/);
    // A `_read` key outside the two families is an ordinary tool name (cfg-027).
    expect(read('{"permission": {"my_tool_read": "allow"}}').errors).toEqual([]);
  });

  it("a note key is rejected with a help line saying where a note can live", () => {
    const d = read('{"_comment": "team policy", "permission": {}}').diagnostics[0]!;
    expect(d.slug).toBe("unknown-key");
    expect(d.help).toMatch(/`\.jsonc`.*`\.perm`/);
  });

  it("an unusable dialog key is a warning, not an error (cfg-056)", () => {
    const r = read('{"permissionDialogKeys": {"deny": "j", "approve": "1", "approveSession": "1", "denyWithReason": "X"}}');
    expect(r.errors).toEqual([]);
    expect(r.diagnostics.map((d) => d.slug)).toEqual(["unusable-dialog-key", "unusable-dialog-key", "unusable-dialog-key"]);
  });

  it("a likely typo of a root key gets a suggestion", () => {
    expect(read('{"yoloMod": true}').diagnostics[0]?.help).toBe("did you mean `yoloMode`?");
  });

  it("a reason of exactly 500 characters is fine; 501 is not", () => {
    const config = (n: number) => `{"permission": {"bash": {"x": {"action": "deny", "reason": "${"r".repeat(n)}"}}}}`;
    expect(read(config(500)).errors).toEqual([]);
    expect(read(config(501)).errors).toEqual(["reason-too-long"]);
  });

  it("reads every knob", () => {
    const r = read(`{
      "$schema": "https://example.invalid/schema.json",
      "debugLog": true, "permissionReviewLog": false, "yoloMode": true, "doublePressToConfirm": false,
      "toolInputPreviewMaxLength": 400, "toolTextSummaryMaxLength": 1e2,
      "permissionDialogKeys": {"approve": "1", "deny": "4"}, "promptNotifications": ["bell", "osc777"],
      "forwardingTimeoutMs": 5000, "promptMaxRows": 30, "promptFieldMaxWidth": 500, "reviewLogFieldMaxWidth": 1200,
      "authorizerChain": ["model-judge"],
      "piInfrastructureReadPaths": ["~/.agents/skills"],
      "shellTools": {"run": {"commandArgument": "cmd", "workdirArgument": "cwd"}, "sh": {"commandArgument": "c"}},
      "permission": {"*": "ask", "bash": {"npm *": {"action": "deny", "reason": "use pnpm"}}}
    }`);
    // The two preview caps are deprecated (reference 26.0.0): accepted, validated, warned about.
    expect(r.diagnostics.map((d) => [d.slug, d.message])).toEqual([
      ["deprecated-key", "`toolInputPreviewMaxLength` has no effect"],
      ["deprecated-key", "`toolTextSummaryMaxLength` has no effect"],
    ]);
    expect(r.doc?.knobs).toEqual({
      yoloMode: true,
      piInfrastructureReadPaths: ["~/.agents/skills"],
      shellTools: { run: { commandArgument: "cmd", workdirArgument: "cwd" }, sh: { commandArgument: "c" } },
    });
    expect(r.doc?.ux).toEqual({
      $schema: "https://example.invalid/schema.json",
      debugLog: true,
      permissionReviewLog: false,
      doublePressToConfirm: false,
      toolInputPreviewMaxLength: 400,
      toolTextSummaryMaxLength: 100,
      permissionDialogKeys: { approve: "1", deny: "4" },
      promptNotifications: ["bell", "osc777"],
      forwardingTimeoutMs: 5000,
      promptMaxRows: 30,
      promptFieldMaxWidth: 500,
      reviewLogFieldMaxWidth: 1200,
      authorizerChain: ["model-judge"],
    });
    expect(shape(r.doc)).toEqual(["*=ask", "bash npm *=deny (use pnpm)"]);
    expect(r.doc?.universal?.surface).toBe("*");
  });
});

describe("agent scopes written as JSON are tolerant", () => {
  it("drops bad entries one by one with warnings (scope-023)", () => {
    const r = read('{"permission": {"bash": {"ls": "allow", "bad": "sometimes", "rm *": {"action": "deny", "reason": "no"}}, "write": "nope"}}', "agent");
    expect(shape(r.doc)).toEqual(["bash ls=allow", "bash rm *=deny (no)"]);
    expect(r.errors).toEqual([]);
    expect(r.slugs).toEqual(["frontmatter-entry-dropped", "frontmatter-entry-dropped"]);
  });

  it("keeps what the reference's tolerant check keeps: extra deny keys and long reasons", () => {
    const long = "r".repeat(600);
    const r = read(`{"permission": {"bash": {"x": {"action": "deny", "reason": "${long}", "note": 1}}}}`, "agent");
    expect(shape(r.doc)).toEqual([`bash x=deny (${long})`]);
    expect(r.slugs).toEqual(["frontmatter-entry-dropped"]);
  });

  it("drops a map with no valid pattern, and a non-map permission", () => {
    expect(shape(read('{"permission": {"bash": {"x": 1}}}', "agent").doc)).toEqual([]);
    expect(shape(read('{"permission": "allow"}', "agent").doc)).toEqual([]);
  });

  it("ignores knobs with a warning: agent scopes carry none", () => {
    const r = read('{"yoloMode": true, "permission": {"read": "allow"}}', "agent");
    expect(r.doc?.knobs).toEqual({});
    expect(r.diagnostics.map((d) => [d.slug, d.severity])).toEqual([["unknown-key", "warning"]]);
  });

  it("still rejects a file that is not JSON", () => {
    expect(read('{"permission": {', "agent").doc).toBeNull();
  });
});
