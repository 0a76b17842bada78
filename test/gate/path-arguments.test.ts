/**
 * MCP and extension tools handed a path under another name than `path`
 * (runtime/gate/path-arguments.ts): a filesystem server's
 * `read_multiple_files {paths: […]}`, `move_file {source, destination}`, a
 * `file_path` or a `file:` URI meet the path rules as `path` does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { MAX_DEPTH, MAX_PATH_ARGUMENTS } from "../../runtime/gate/path-arguments.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/t";
const CWD = "/tmp/proj";
let policy: Policy;
beforeAll(async () => {
  policy = (await compileAndLoad([piJson({ "*": "allow", path: { "*": "allow", "/etc/*": "deny", "*.env": "deny", "~/.ssh/*": "deny" } })], { home: HOME }))
    .policy!;
});

const mcp = (args: Record<string, unknown>) => ({ tool: "mcp", input: { tool: "fs:read_file", arguments: args } });
const decide = (call: unknown) => createGate(policy, { cwd: CWD, home: HOME }).decide(call as never);

describe("paths under other argument names", () => {
  it.each([
    ["paths, one of them denied", mcp({ paths: ["notes.txt", "/etc/passwd"] }), "deny"],
    ["source of a move", mcp({ source: "~/.ssh/id_rsa", destination: "x" }), "deny"],
    ["destination of a move", mcp({ source: "x", destination: "/etc/cron.d/x" }), "deny"],
    ["file", mcp({ file: "~/.ssh/id_rsa" }), "deny"],
    ["file_path", mcp({ file_path: ".env" }), "deny"],
    ["filePath", mcp({ filePath: "src/.env" }), "deny"],
    ["a file: URI", mcp({ uri: "file:///etc/passwd" }), "deny"],
    ["Path in another case", mcp({ Path: "/etc/passwd" }), "deny"],
    ["a Pi MCP tool's paths", { tool: "mcp__fs__read_multiple_files", input: { paths: ["/etc/passwd"] } }, "deny"],
    ["an extension tool's file", { tool: "upload", input: { file: ".env" } }, "deny"],
    // In the objects and arrays under the arguments, where `path` is read too.
    ["a path in a list of objects", mcp({ files: [{ path: "notes.txt" }, { path: "/etc/passwd" }] }), "deny"],
    ["a path in an options object", mcp({ options: { path: "~/.ssh/id_rsa" } }), "deny"],
    ["a file path deep in a request", mcp({ request: { items: [{ target: { file_path: "src/.env" } }] } }), "deny"],
    ["a file: URL under url", mcp({ url: "file:///etc/passwd" }), "deny"],
    ["file: URLs under links", mcp({ links: ["https://example.com", "file:///home/t/.ssh/id_rsa"] }), "deny"],
  ])("%s → %s", async (_, call, action) => {
    expect((await decide(call)).action).toBe(action);
  });

  it.each([
    ["paths the rules allow", mcp({ paths: ["notes.txt", "src/a.ts"] })],
    ["a number under a path key", mcp({ file: 42 })],
    ["a non-file URI", mcp({ uri: "https://example.com/etc/passwd" })],
    ["a web URL under url", mcp({ url: "https://example.com/etc/passwd" })],
    ["a query that names a file by a word", mcp({ query: "passwd" })],
    ["several lines of content that start with a slash", mcp({ content: "/etc/passwd\nmore" })],
  ])("%s → allow", async (_, call) => {
    expect((await decide(call)).action).toBe("allow");
  });

  it("the built-in file tools keep Pi's own schema: only `path` is the file they open", async () => {
    expect((await decide({ tool: "read", input: { path: "notes.txt", file: "/etc/passwd" } })).action).toBe("allow");
  });

  it(`arguments nested more than ${MAX_DEPTH} deep are refused, not read`, async () => {
    let deep: Record<string, unknown> = { path: "notes.txt" };
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = { inner: deep };
    expect(await decide(mcp(deep))).toMatchObject({ action: "deny", origin: "permc", gate: "input" });
    let shallow: Record<string, unknown> = { path: "notes.txt" };
    for (let i = 0; i < MAX_DEPTH - 2; i++) shallow = { inner: shallow };
    expect((await decide(mcp(shallow))).action).toBe("allow");
  });

  it(`more than ${MAX_PATH_ARGUMENTS} paths are refused, not read`, async () => {
    const paths = Array.from({ length: MAX_PATH_ARGUMENTS + 1 }, (_, i) => `f${i}.txt`);
    const d = await decide(mcp({ paths }));
    expect(d).toMatchObject({ action: "deny", origin: "permc", gate: "input" });
    expect(d.error).toContain("path arguments");
  });
});
