/**
 * The profile builder, table-driven: what each typical path rule becomes at
 * the kernel (exact, over-approximate, existing files, cannot) and the
 * mounts that carry it. No process runs here; run.test.ts runs real commands.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxProfile, type SandboxProfile } from "../../runtime/sandbox/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

const root = tempDir("sandbox-profile");
const HOME = path.join(root, "home");
const PROJ = path.join(root, "proj");
const TMP = path.join(root, "tmp");

beforeAll(() => {
  for (const d of [path.join(HOME, ".ssh"), path.join(HOME, ".cache", "pip"), path.join(HOME, ".local", "bin"), path.join(PROJ, ".git", "hooks"), TMP])
    mkdirSync(d, { recursive: true });
  writeFileSync(path.join(HOME, ".ssh", "id_rsa"), "KEY\n");
  writeFileSync(path.join(HOME, ".ssh", "known_hosts"), "h\n");
  writeFileSync(path.join(HOME, ".bashrc"), "\n");
  writeFileSync(path.join(PROJ, ".env"), "SECRET=1\n");
  writeFileSync(path.join(PROJ, ".env.example"), "X=\n");
  writeFileSync(path.join(PROJ, "yarn.lock"), "\n");
});

async function profile(pathRules: Record<string, Record<string, string>>, grants: string[] = [], readGrants: string[] = []): Promise<SandboxProfile> {
  const { policy, diagnostics } = await compileAndLoad([piJson({ "*": "allow", ...pathRules })], { home: HOME });
  expect(policy, JSON.stringify(diagnostics)).not.toBeNull();
  return sandboxProfile(policy!, { cwd: PROJ, home: HOME, tmpDir: TMP, pathEnv: `${path.join(HOME, ".local", "bin")}:/usr/bin`, grants, readGrants });
}

const enforcement = (p: SandboxProfile, surface: string, pattern: string) => p.rules.find((r) => r.surface === surface && r.pattern === pattern)?.enforcement;
const mount = (p: SandboxProfile, at: string) => p.mounts.find((m) => m.path === at)?.kind;

/** One row of the table: the path rules compiled, the rule looked at, what it becomes and the mount at `at` (none: undefined). */
interface RuleCase {
  rules: Record<string, Record<string, string>>;
  surface: string;
  pattern: string;
  expected: SandboxProfile["rules"][number]["enforcement"];
  at: string;
  kind: SandboxProfile["mounts"][number]["kind"] | undefined;
}

describe("what each path rule becomes", () => {
  it.each<RuleCase>([
    {
      rules: { path_read: { "~/.ssh/*": "deny" } },
      surface: "path_read",
      pattern: "~/.ssh/*",
      expected: "exact",
      at: path.join(HOME, ".ssh"),
      kind: "hide-dir",
    },
    {
      rules: { path_read: { "~/.ssh/*": "ask" } },
      surface: "path_read",
      pattern: "~/.ssh/*",
      expected: "exact",
      at: path.join(HOME, ".ssh"),
      kind: "hide-dir",
    },
    {
      rules: { path_read: { "*.env": "deny" } },
      surface: "path_read",
      pattern: "*.env",
      expected: "existing-files",
      at: path.join(PROJ, ".env"),
      kind: "hide-file",
    },
    { rules: { path_read: { "/etc/*": "deny" } }, surface: "path_read", pattern: "/etc/*", expected: "cannot", at: "/etc", kind: undefined },
    { rules: { path_read: { "*": "deny" } }, surface: "path_read", pattern: "*", expected: "cannot", at: "/", kind: undefined },
    {
      rules: { path_write: { "*.lock": "deny" } },
      surface: "path_write",
      pattern: "*.lock",
      expected: "existing-files",
      at: path.join(PROJ, "yarn.lock"),
      kind: "read-only",
    },
    { rules: { path_write: { "/etc/*": "deny" } }, surface: "path_write", pattern: "/etc/*", expected: "exact", at: "/etc", kind: undefined },
    {
      rules: { path_write: { [`${PROJ}/.git/*`]: "deny" } },
      surface: "path_write",
      pattern: `${PROJ}/.git/*`,
      expected: "exact",
      at: path.join(PROJ, ".git"),
      kind: "read-only",
    },
    {
      rules: { path_read: { "~/.ssh/*": "deny", "~/.ssh/known_hosts": "allow" } },
      surface: "path_read",
      pattern: "~/.ssh/*",
      expected: "exact",
      at: path.join(HOME, ".ssh", "known_hosts"),
      kind: "read-only",
    },
    {
      rules: { path_read: { "~/.ssh/*": "deny", "~/.ssh/*.pub": "allow" } },
      surface: "path_read",
      pattern: "~/.ssh/*",
      expected: "over-approximate",
      at: path.join(HOME, ".ssh"),
      kind: "hide-dir",
    },
    {
      rules: { path_read: { "~/.ssh/*": "deny", "*": "allow" } },
      surface: "path_read",
      pattern: "~/.ssh/*",
      expected: "not-needed",
      at: path.join(HOME, ".ssh"),
      kind: undefined,
    },
  ])("$surface $pattern ($expected)", async ({ rules, surface, pattern, expected, at, kind }) => {
    const p = await profile(rules);
    expect(enforcement(p, surface, pattern)).toBe(expected);
    expect(mount(p, at)).toBe(kind);
  });

  it("`*.env` deny with `*.env.example` allow hides .env and leaves the example readable", async () => {
    const p = await profile({ path_read: { "*.env": "deny", "*.env.example": "allow" } });
    expect(mount(p, path.join(PROJ, ".env"))).toBe("hide-file");
    expect(mount(p, path.join(PROJ, ".env.example"))).toBeUndefined();
    expect(p.scan.complete).toBe(true);
  });
});

describe("where writes may go", () => {
  it("the working tree, the temp dir and the caches are writable; the home, keys, PATH, start-up files and hooks are not", async () => {
    const p = await profile({});
    expect(mount(p, PROJ)).toBe("writable");
    expect(mount(p, TMP)).toBe("writable");
    expect(mount(p, path.join(HOME, ".cache", "pip"))).toBe("writable");
    // The rest of ~/.cache holds code programs run as it is (black's pickles): read-only with the home.
    expect(mount(p, path.join(HOME, ".cache"))).toBeUndefined();
    expect(mount(p, HOME)).toBeUndefined(); // read-only already: no writable root holds it
    // Inside a read-only home these need no mount of their own; inside the writable tree the hooks do.
    expect(mount(p, path.join(HOME, ".local", "bin"))).toBeUndefined();
    expect(mount(p, path.join(PROJ, ".git", "hooks"))).toBe("read-only");
    expect(p.scan.roots).toEqual([]);
  });

  it("a temp dir that holds the home leaves the home read-only, keys and PATH included", async () => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow" })], { home: HOME });
    const p = sandboxProfile(policy!, { cwd: PROJ, home: HOME, tmpDir: root, pathEnv: "" });
    const order = p.mounts.map((m) => `${m.kind} ${m.path}`);
    expect(order.indexOf(`writable ${root}`)).toBeLessThan(order.indexOf(`read-only ${HOME}`));
    expect(order).toContain(`writable ${path.join(HOME, ".cache", "pip")}`);
    expect(order).not.toContain(`writable ${PROJ}`); // inside the writable temp dir already
  });

  it("a path_write allow rule widens the defaults; grants answer ask rules, never a deny rule", async () => {
    const asked = path.join(HOME, "asked");
    mkdirSync(asked, { recursive: true });
    writeFileSync(path.join(asked, "a.txt"), "a\n");
    const grants = [path.join(HOME, ".ssh", "id_rsa"), path.join(asked, "a.txt")];
    const p = await profile({ path_write: { "~/.local/bin/*": "allow" }, path_read: { "~/.ssh/*": "deny", "~/asked/*": "ask" } }, grants, grants);
    expect(mount(p, path.join(HOME, ".local", "bin"))).toBe("writable");
    expect(enforcement(p, "path_write", "~/.local/bin/*")).toBe("exact");
    expect(mount(p, path.join(HOME, ".ssh"))).toBe("hide-dir");
    expect(mount(p, path.join(HOME, ".ssh", "id_rsa"))).toBeUndefined();
    expect(mount(p, asked)).toBe("hide-dir");
    expect(mount(p, path.join(asked, "a.txt"))).toBe("writable");
    expect(p.grants).toEqual([path.join(asked, "a.txt")]);
  });

  it("an ancestor's mount comes before what lies inside it", async () => {
    const p = await profile({ path_read: { "~/.ssh/*": "deny", "*.env": "deny" } });
    const order = p.mounts.map((m) => m.path);
    for (const [i, a] of order.entries()) for (const b of order.slice(0, i)) expect(a.startsWith(b + "/") || !b.startsWith(a + "/")).toBe(true);
  });
});

describe("fails closed", () => {
  it("refuses a policy that did not load, a missing working tree and a missing grant", async () => {
    const { loadPolicy } = await import("../../runtime/index.js");
    const bad = await loadPolicy(path.join(root, "missing.mjs"), { home: HOME });
    expect(() => sandboxProfile(bad, { cwd: PROJ, home: HOME })).toThrow(/did not load/);
    const { policy } = await compileAndLoad([piJson({ "*": "allow" })], { home: HOME });
    expect(() => sandboxProfile(policy!, { cwd: path.join(root, "nowhere"), home: HOME })).toThrow(/does not exist/);
    expect(() => sandboxProfile(policy!, { cwd: PROJ, home: HOME, grants: [path.join(root, "nope")] })).toThrow(/does not exist/);
  });
});

describe("entry point", () => {
  it("`permc/sandbox` resolves to the built kernel layer", async () => {
    const api = await import("permc/sandbox");
    expect(typeof api.sandboxProfile).toBe("function");
    expect(typeof api.sandboxedShellArgv).toBe("function");
    expect(typeof api.runSandboxed).toBe("function");
  });
});
