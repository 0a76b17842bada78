/**
 * What `npm install permc` gets: the files in the tarball (LICENSE, docs,
 * the example, the vendored grammar; no bench, no build cache), no
 * install-time script anywhere in the dependency tree (so npm prints no
 * install-script warning), links in the README and help texts that resolve
 * inside the installed package, and public type declarations free of Pi's
 * types. The installed package itself is exercised by .ci/newcomer.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../cli/run.js";
import { ROOT } from "../support/fixtures.js";
import { tempDir } from "../support/temp-dir.js";

const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  license: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  exports: Record<string, string>;
};
const INSTALL_TIME = ["preinstall", "install", "postinstall", "prepare"];
const scratch = tempDir("package");

/** The tarball's file list, as npm computes it (scripts skipped: dist/ is built by npm test). */
function packedFiles(): string[] {
  const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
}
const files = packedFiles();

describe("the npm package", () => {
  it("ships the licence, docs, example, schema, grammar and the built entry points", () => {
    for (const f of [
      "LICENSE",
      "README.md",
      "package.json",
      "docs/dsl.md",
      "docs/import.md",
      "docs/pi.md",
      "docs/architecture.md",
      "examples/policy.json",
      "examples/policy.perm",
      "schemas/pi-permission-config.schema.json",
      "vendor/tree-sitter-bash/tree-sitter-bash.wasm",
      "vendor/tree-sitter-bash/LICENSE",
      "dist/cli/main.js",
      "dist/bin/permc.js",
      "dist/bin/permc-hook.cjs",
      "dist/bin/permc-claude-hook.cjs",
      "dist/bin/permc-hook.cjs.v8cache",
      "dist/compiler/index.js",
      "dist/runtime/index.js",
      "dist/runtime/pi/index.js",
      "dist/runtime/pi/index.d.ts",
    ]) {
      expect(files, f).toContain(f);
    }
  });

  it("ships no bench, hunt, build cache, tests, fixtures or sources beside dist", () => {
    expect(files.filter((f) => /^(dist\/bench\/|dist\/hunt\/|hunt\/|test\/|bench\/|compiler\/|runtime\/|cli\/|scripts\/|generated\/)/.test(f))).toEqual([]);
  });

  it("is MIT-licensed, as package.json says, with the vendored grammar's licence beside it", () => {
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(path.join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) /);
    expect(readFileSync(path.join(ROOT, "vendor", "tree-sitter-bash", "LICENSE"), "utf8")).toMatch(/MIT License/);
  });

  it("vendors the grammar byte for byte from the pinned tree-sitter-bash dev dependency", () => {
    const require = createRequire(import.meta.url);
    const installed = readFileSync(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
    expect(readFileSync(path.join(ROOT, "vendor", "tree-sitter-bash", "tree-sitter-bash.wasm")).equals(installed)).toBe(true);
    expect(pkg.dependencies["tree-sitter-bash"]).toBeUndefined();
    expect(pkg.devDependencies["tree-sitter-bash"]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.exports["./tree-sitter-bash.wasm"]).toBe("./vendor/tree-sitter-bash/tree-sitter-bash.wasm");
  });
});

describe("installing prints no install-script warning", () => {
  // A registry package's `prepare` has already run when it was packed (npm warns about it only for
  // tarball, git and folder dependencies); what runs at install is these, and node-gyp for a binding.gyp.
  it("no runtime dependency, direct or transitive, runs anything at install", () => {
    const seen = new Map<string, string[]>();
    const visit = (name: string, from: string) => {
      const require = createRequire(path.join(from, "noop.js"));
      let manifestPath: string;
      try {
        manifestPath = require.resolve(`${name}/package.json`);
      } catch {
        manifestPath = path.join(from, "node_modules", name, "package.json");
        if (!existsSync(manifestPath)) manifestPath = path.join(ROOT, "node_modules", name, "package.json");
      }
      if (seen.has(manifestPath)) return;
      const m = JSON.parse(readFileSync(manifestPath, "utf8")) as { scripts?: Record<string, string>; dependencies?: Record<string, string> };
      const scripts = ["preinstall", "install", "postinstall"].filter((s) => m.scripts?.[s] !== undefined);
      if (existsSync(path.join(path.dirname(manifestPath), "binding.gyp"))) scripts.push("binding.gyp");
      seen.set(
        manifestPath,
        scripts.map((s) => `${name}: ${s}`),
      );
      for (const dep of Object.keys(m.dependencies ?? {})) visit(dep, path.dirname(manifestPath));
    };
    for (const dep of Object.keys(pkg.dependencies)) visit(dep, ROOT);
    expect(seen.size).toBeGreaterThan(Object.keys(pkg.dependencies).length);
    expect([...seen.values()].flat()).toEqual([]);
  });

  it("the packed manifest drops `prepare` (kept in the repository for installs from git) and the original comes back", async () => {
    // @ts-expect-error -- a plain .mjs script without declarations
    const { strip, restore, INSTALL_TIME_SCRIPTS } = (await import("../../scripts/pack-manifest.mjs")) as {
      strip(dir: string): void;
      restore(dir: string): void;
      INSTALL_TIME_SCRIPTS: string[];
    };
    expect(INSTALL_TIME_SCRIPTS).toEqual(INSTALL_TIME);
    expect(pkg.scripts.prepare).toBe("npm run build");
    copyFileSync(path.join(ROOT, "package.json"), path.join(scratch, "package.json"));
    strip(scratch);
    const packed = JSON.parse(readFileSync(path.join(scratch, "package.json"), "utf8")) as typeof pkg;
    expect(INSTALL_TIME.filter((s) => packed.scripts[s] !== undefined)).toEqual([]);
    expect(packed.scripts.test).toBe(pkg.scripts.test);
    strip(scratch); // a second strip (a pack that died) still keeps the original
    restore(scratch);
    expect(readFileSync(path.join(scratch, "package.json"), "utf8")).toBe(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(readdirSync(scratch)).toEqual(["package.json"]);
    expect(pkg.scripts.prepack).toContain("pack-manifest.mjs strip");
    expect(pkg.scripts.postpack).toContain("pack-manifest.mjs restore");
  });

  it("`npm ci` builds once (`prepare`) and `npm start` runs the demo without building again", () => {
    expect(pkg.scripts.prepare).toBe("npm run build");
    expect(pkg.scripts.start).toBe("node dist/bin/permc.js demo -o generated/example-policy.mjs");
    expect(pkg.scripts.build).toBe("tsc -p tsconfig.json && node scripts/bundle-cli.mjs");
  });
});

describe("links resolve inside the installed package", () => {
  const texts: Array<[string, string]> = [
    ["README.md", readFileSync(path.join(ROOT, "README.md"), "utf8")],
    ...readdirSync(path.join(ROOT, "docs")).map((f): [string, string] => [`docs/${f}`, readFileSync(path.join(ROOT, "docs", f), "utf8")]),
    ...Object.entries(COMMANDS).map(([name, c]): [string, string] => [`permc ${name} --help`, c.help]),
  ];

  it.each(texts)("%s", (name, text) => {
    const refs = [...text.matchAll(/(?<![\w./-])((?:docs|examples|schemas|vendor)\/[\w./-]*|LICENSE\b)/g)].map((m) => m[1]!.replace(/\.+$/, ""));
    if (name === "README.md" || name === "permc import --help") expect(refs.length, "the scan finds the references it checks").toBeGreaterThan(0);
    for (const ref of refs) {
      const folder = ref.endsWith("/") ? ref : `${ref}/`;
      expect(
        files.some((f) => f === ref || f.startsWith(folder)),
        ref,
      ).toBe(true);
    }
    // Source references (compiler/…, test/…) are for readers of the repository; they must at least exist there.
    for (const m of text.matchAll(/`((?:compiler|runtime|cli|grammar|test|bench|hunt|generated)\/[\w./-]*[\w])`/g)) {
      expect(existsSync(path.join(ROOT, m[1]!)), m[1]).toBe(true);
    }
    expect(text).not.toMatch(/\.\.\/shared\//);
  });

  it("the README's $schema path, read from a project config's own folder, reaches the installed schema", () => {
    const readme = texts[0]![1];
    const schema = /"\$schema": "([^"]+)"/.exec(readme)![1]!;
    const configDir = path.join("/project", ".pi", "extensions", "pi-permission-system");
    expect(path.resolve(configDir, schema)).toBe(path.join("/project", "node_modules", "permc", "schemas", "pi-permission-config.schema.json"));
    expect(files).toContain("schemas/pi-permission-config.schema.json");
  });
});

describe("permc/pi's public types leave Pi out", () => {
  /** Every .d.ts reachable from an entry point's declarations. */
  function declarations(entry: string): Map<string, string> {
    const out = new Map<string, string>();
    const visit = (file: string) => {
      if (out.has(file) || !existsSync(file)) return;
      const text = readFileSync(file, "utf8");
      out.set(file, text);
      for (const m of text.matchAll(/from\s+["'](\.[^"']+)\.js["']|import\(["'](\.[^"']+)\.js["']\)/g))
        visit(path.resolve(path.dirname(file), `${m[1] ?? m[2]}.d.ts`));
    };
    visit(path.join(ROOT, "dist", entry));
    return out;
  }

  it.each(["runtime/pi/index.d.ts", "runtime/index.d.ts"])("%s and what it re-exports import nothing from Pi", (entry) => {
    const all = declarations(entry);
    expect(all.size).toBeGreaterThan(entry.includes("pi") ? 2 : 5);
    for (const [file, text] of all) expect(text, path.relative(ROOT, file)).not.toMatch(/@mariozechner\//);
  });
});
