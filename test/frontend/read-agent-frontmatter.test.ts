import { describe, expect, it } from "vitest";
import { readAgentFrontmatter } from "../../compiler/frontend/frontmatter/read-agent-frontmatter.js";
import type { ScopeDocument } from "../../compiler/frontend/scope-document.js";
import { md } from "./helpers.js";

function read(text: string) {
  const r = readAgentFrontmatter(md("agent", text));
  return { ...r, slugs: r.diagnostics.map((d) => d.slug) };
}

function shape(doc: ScopeDocument | null): string[] {
  return (doc?.permission ?? []).flatMap((s) =>
    s.value.kind === "action"
      ? [`${s.surface}=${s.value.action}`]
      : s.value.patterns.map((p) => `${s.surface} ${p.pattern}=${p.action}${p.reason !== undefined ? ` (${p.reason})` : ""}`),
  );
}

const fm = (body: string) => `---\nname: helper\n${body}---\nBody text.\n`;

describe("the frontmatter mini-YAML reads like the reference's line parser", () => {
  it.each([
    {
      behaviour: "action strings and nested maps",
      body: 'permission:\n  read: allow\n  bash:\n    "*": ask\n    git diff *: allow\n',
      order: ["read=allow", "bash *=ask", "bash git diff *=allow"],
      slugs: [],
    },
    {
      behaviour: "a deny reason as a nested map",
      body: 'permission:\n  bash:\n    "npm *":\n      action: deny\n      reason: use pnpm\n',
      order: ["bash npm *=deny (use pnpm)"],
      slugs: [],
    },
    {
      behaviour: "matching outer quotes come off values",
      body: "permission:\n  skill:\n    librarian: 'allow'\n    x: \"deny\"\n",
      order: ["skill librarian=allow", "skill x=deny"],
      slugs: [],
    },
    {
      behaviour: "one leading and one trailing quote come off keys, independently",
      body: "permission:\n  \"read: allow\n  write': deny\n",
      order: ["read=allow", "write=deny"],
      slugs: [],
    },
    {
      behaviour: "a key with `:` inside quotes is cut at the colon and dropped",
      body: 'permission:\n  mcp:\n    "exa:*": allow\n',
      order: [],
      slugs: ["frontmatter-entry-dropped", "frontmatter-entry-dropped"],
    },
    { behaviour: "an inline comment poisons the value", body: "permission:\n  read: allow # ok\n", order: [], slugs: ["frontmatter-entry-dropped"] },
    { behaviour: "comment and blank lines are skipped", body: "permission:\n  # reviewers only\n\n  read: allow\n", order: ["read=allow"], slugs: [] },
    {
      behaviour: "a list line is skipped, with a warning inside permission",
      body: "tools:\n  - read\npermission:\n  bash:\n    - ls\n    ls: allow\n",
      order: ["bash ls=allow"],
      slugs: ["frontmatter-entry-dropped"],
    },
    { behaviour: "a tab counts as one indentation character", body: "permission:\n\tbash:\n\t\tls: allow\n", order: ["bash ls=allow"], slugs: [] },
    {
      behaviour: "dedenting closes maps",
      body: "permission:\n  bash:\n    ls: allow\n  read: deny\nother: x\n",
      order: ["bash ls=allow", "read=deny"],
      slugs: [],
    },
    { behaviour: "a string permission contributes nothing", body: "permission: allow\n", order: [], slugs: ["frontmatter-entry-dropped"] },
    {
      behaviour: "a duplicate surface replaces the earlier one, at its position",
      body: "permission:\n  bash: deny\n  read: allow\n  bash:\n    ls: allow\n",
      order: ["bash ls=allow", "read=allow"],
      slugs: ["duplicate-key"],
    },
    {
      behaviour: "integer-like keys come first",
      body: 'permission:\n  bash:\n    "*": deny\n    7: allow\n',
      order: ["bash 7=allow", "bash *=deny"],
      slugs: ["integer-key-order"],
    },
    {
      behaviour: "a map under `*` is discarded by the reference",
      body: 'permission:\n  "*":\n    "*": allow\n',
      order: ["* *=allow"],
      slugs: ["map-under-universal"],
    },
    {
      behaviour: "a deny object with a non-string reason is dropped",
      body: "permission:\n  bash:\n    x:\n      action: deny\n      reason:\n        nested: y\n",
      order: [],
      slugs: ["frontmatter-entry-dropped", "frontmatter-entry-dropped"],
    },
    {
      behaviour: "`__proto__` holding a string does nothing",
      body: "permission:\n  __proto__: allow\n  read: allow\n",
      order: ["read=allow"],
      slugs: ["proto-key"],
    },
    {
      behaviour: "`permission` under a root `__proto__` map is still found",
      body: "__proto__:\n  permission:\n    bash: deny\n",
      order: ["bash=deny"],
      slugs: ["proto-key"],
    },
  ])("$behaviour", ({ body, order, slugs }) => {
    const r = read(fm(body));
    expect(shape(r.doc)).toEqual(order);
    expect(r.slugs).toEqual(slugs);
    expect(r.diagnostics.every((d) => d.severity !== "error")).toBe(true);
  });

  it("reads the reference's example agent (frontmatter-002..009)", () => {
    const text =
      '---\nname: reviewer\ndescription: read-only reviewer\npermission:\n  "*": ask\n  read: allow\n  write: deny\n  bash:\n    "*": ask\n    git diff *: allow\n    "npm *":\n      action: deny\n      reason: use pnpm\n  mcp:\n    "exa:*": allow\n    mcp_status: allow # trailing comment makes this invalid\n  skill:\n    librarian: \'allow\'\n---\nYou review code.\n';
    const r = read(text);
    expect(shape(r.doc)).toEqual([
      "*=ask",
      "read=allow",
      "write=deny",
      "bash *=ask",
      "bash git diff *=allow",
      "bash npm *=deny (use pnpm)",
      "skill librarian=allow",
    ]);
    expect(r.doc?.universal?.surface).toBe("*");
    expect(r.doc?.knobs).toEqual({});
  });
});

describe("frontmatter boundaries", () => {
  it.each([
    ["a blank first line", "\n---\npermission:\n  bash: deny\n---\n"],
    ["no closing fence", "---\npermission:\n  bash: deny\n"],
    ["a plain markdown file", "# Agent\n\nNo frontmatter.\n"],
    ["an empty file", ""],
  ])("%s: no frontmatter, a warning, and nothing contributed", (_name, text) => {
    const r = read(text);
    expect(r.doc).not.toBeNull();
    expect(r.doc?.permission).toEqual([]);
    expect(r.slugs).toEqual(["no-frontmatter"]);
  });

  it("the frontmatter ends at the first line starting with `---`, even `----`", () => {
    expect(shape(read("---\npermission:\n  read: allow\n----\n  write: deny\n").doc)).toEqual(["read=allow"]);
  });

  it("CRLF files read the same, and spans point into the original text", () => {
    const lf = fm("permission:\n  bash:\n    git *: allow\n");
    const crlf = lf.replace(/\n/g, "\r\n");
    const r = read(crlf);
    expect(shape(r.doc)).toEqual(shape(read(lf).doc));
    const bash = r.doc!.permission[0]!;
    expect(crlf.slice(bash.keySpan.start, bash.keySpan.end)).toBe("bash");
    const git = bash.value.kind === "map" ? bash.value.patterns[0]! : undefined;
    expect(crlf.slice(git!.keySpan.start, git!.keySpan.end)).toBe("git *");
    expect(crlf.slice(git!.valueSpan.start, git!.valueSpan.end)).toBe("allow");
  });

  it("a file without `permission` contributes nothing and says nothing", () => {
    const r = read(fm("description: x\n"));
    expect(r.doc?.permission).toEqual([]);
    expect(r.diagnostics).toEqual([]);
  });
});

describe("hints for files the reference reads nothing from", () => {
  it.each([
    ["\uFEFF---\npermission:\n  read: allow\n---\n", /byte-order mark/],
    ["--- \npermission:\n  read: allow\n---\n", /exactly `---`/],
    ["\n---\npermission:\n  read: allow\n---\n", /blank lines/],
  ])("%j", (text, help) => {
    const r = read(text);
    expect(r.slugs).toEqual(["no-frontmatter"]);
    expect(r.diagnostics[0]?.help).toMatch(help);
  });

  it("flow syntax is plain text to the reference", () => {
    const r = read(fm("permission: {read: allow}\n"));
    expect(r.doc?.permission).toEqual([]);
    expect(r.diagnostics[0]?.help).toMatch(/one `key: value` per line/);
  });
});
