import { describe, expect, it } from "vitest";
import { renderAll, toJson } from "../../compiler/diagnostics/index.js";
import { readSource } from "../../compiler/frontend/read-source.js";
import type { SourceKind } from "../../compiler/frontend/source.js";
import type { Scope } from "../../compiler/ir.js";

interface Row {
  readonly name: string;
  readonly text: string;
  readonly scope?: Scope;
  readonly kind?: SourceKind;
  /** [code, slug, "line:column"], in reading order. */
  readonly want: readonly (readonly [string, string, string])[];
  /** Whether the reference (and so permc) rejects the file. */
  readonly rejected: boolean;
}

const ROWS: readonly Row[] = [
  {
    name: "trailing-comma.json",
    text: '{"permission": {"*": "allow", "bash": "allow",}}',
    want: [["PC0001", "syntax-error", "1:46"]],
    rejected: true,
  },
  {
    name: "many-schema-errors.json",
    text: `{
  "yoloMode": "yes",
  "toolInputPreviewMaxLength": 0,
  "defaultPolicy": "ask",
  "permission": {
    "": "allow",
    "bash": {
      "git *": "ALLOW",
      "rm *": {"action": "allow"},
      "npm *": {"action": "deny", "reason": 7, "why": "x"},
      "": "deny"
    },
    "read": ["a"],
    "write": null
  }
}`,
    want: [
      ["PC0004", "invalid-value", "2:15"],
      ["PC0004", "invalid-value", "3:32"],
      ["PC0002", "unknown-key", "4:3"],
      ["PC0005", "empty-key", "6:5"],
      ["PC0003", "invalid-action", "8:16"],
      ["PC0021", "invalid-reason", "9:26"],
      ["PC0021", "invalid-reason", "10:45"],
      ["PC0004", "invalid-value", "10:48"],
      ["PC0005", "empty-key", "11:7"],
      ["PC0004", "invalid-value", "13:13"],
      ["PC0004", "invalid-value", "14:14"],
    ],
    rejected: true,
  },
  {
    name: "several-syntax-errors.json",
    text: `{
  "permission": {
    "bash": "allow"
    "read": 'allow',
    "x": "unterminated
  }
`,
    want: [
      ["PC0001", "syntax-error", "3:20"],
      ["PC0001", "syntax-error", "4:13"],
      ["PC0001", "syntax-error", "5:10"],
      ["PC0001", "syntax-error", "6:4"],
    ],
    rejected: true,
  },
  {
    name: "through-comments.json",
    text: '// c\n{ /* x */ "permision": {} }',
    want: [["PC0002", "unknown-key", "2:11"]],
    rejected: true,
  },
  {
    name: "crlf.json",
    text: '{\r\n  "permission": {\r\n    "bash": {"x": "sometimes"}\r\n  }\r\n}\r\n',
    want: [["PC0003", "invalid-action", "3:19"]],
    rejected: true,
  },
  { name: "bom.json", text: '\uFEFF{"permission": {}}', want: [["PC0011", "byte-order-mark", "1:1"]], rejected: true },
  { name: "root-array.json", text: "[1, 2]", want: [["PC0004", "invalid-value", "1:1"]], rejected: true },
  { name: "permission-null.json", text: '{"permission": null}', want: [["PC0004", "invalid-value", "1:16"]], rejected: true },
  {
    name: "reason-too-long.json",
    text: `{"permission": {"bash": {"rm *": {"action": "deny", "reason": "${"x".repeat(501)}"}}}}`,
    want: [["PC0006", "reason-too-long", "1:63"]],
    rejected: true,
  },
  {
    name: "knobs.json",
    text: `{
  "piInfrastructureReadPaths": ["~/ok", ""],
  "shellTools": {"sh": {"commandArgument": "cmd", "cwd": "x"}, "zsh": {}},
  "debugLog": 1
}`,
    want: [
      ["PC0004", "invalid-value", "2:41"],
      ["PC0004", "invalid-value", "3:51"],
      ["PC0004", "invalid-value", "3:71"],
      ["PC0004", "invalid-value", "4:15"],
    ],
    rejected: true,
  },
  {
    name: "quirks.json",
    text: `{
  "permission": {
    "*": {"*": "allow"},
    "bash": {"*": "deny", "7": "allow", "__proto__": "ask"},
    "bash": {"*": "ask", "*": "deny"}
  }
}`,
    // The first `bash` map is discarded unread, so its `7` and `__proto__` keys raise nothing.
    want: [
      ["PC0009", "map-under-universal", "3:5"],
      ["PC0007", "duplicate-key", "5:5"],
      ["PC0007", "duplicate-key", "5:26"],
    ],
    rejected: false,
  },
  {
    name: "index-keys-and-proto.json",
    text: '{"permission": {"bash": {"*": "deny", "7": "allow", "__proto__": "ask"}}}',
    want: [
      ["PC0008", "integer-key-order", "1:39"],
      ["PC0010", "proto-key", "1:53"],
    ],
    rejected: false,
  },
  {
    name: "unclosed-comment.json",
    text: '{"permission": {"read": "allow"}}\n/* notes',
    want: [["PC0030", "unterminated-comment", "2:1"]],
    rejected: false,
  },
  {
    name: "agent.md",
    scope: "agent",
    kind: "agent-md",
    text: '---\nname: a\npermission:\n  bash: sometimes\n  mcp:\n    "exa:*": allow\n---\n',
    want: [
      ["PC0020", "frontmatter-entry-dropped", "4:9"],
      ["PC0020", "frontmatter-entry-dropped", "5:3"],
      ["PC0020", "frontmatter-entry-dropped", "6:10"],
    ],
    rejected: false,
  },
  {
    name: "no-frontmatter.md",
    scope: "agent",
    kind: "agent-md",
    text: "# Agent\npermission:\n  bash: deny\n",
    want: [["PC0023", "no-frontmatter", "1:1"]],
    rejected: false,
  },
];

describe("diagnostics point at what the user wrote", () => {
  it.each(ROWS.map((r) => [r.name, r] as const))("%s", (name, row) => {
    const result = readSource({ file: name, text: row.text, scope: row.scope ?? "global", kind: row.kind ?? "pi-json" });
    const sources = new Map([[name, row.text]]);
    const got = result.diagnostics.map((d) => {
      const j = toJson(d, sources);
      return [j.code, j.slug, `${j.line}:${j.column}`] as const;
    });
    expect(got).toEqual(row.want);
    expect(result.doc === null).toBe(row.rejected);
    const rendered = renderAll(result.diagnostics, sources);
    for (const [code, slug, at] of row.want) {
      expect(rendered).toContain(`[${code}]`);
      expect(rendered).toContain(`(${slug})`);
      expect(rendered).toContain(`--> ${name}:${at}`);
    }
  });

  it("reports every message lowercase, with help or notes", () => {
    for (const row of ROWS) {
      const result = readSource({ file: row.name, text: row.text, scope: row.scope ?? "global", kind: row.kind ?? "pi-json" });
      for (const d of result.diagnostics) {
        expect(d.message[0]).toBe(d.message[0]!.toLowerCase());
        expect(d.message.endsWith(".")).toBe(false);
        expect(d.help !== undefined || d.notes.length > 0).toBe(true);
      }
    }
  });
});
