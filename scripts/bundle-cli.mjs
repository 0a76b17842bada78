#!/usr/bin/env node
// Bundle the CLI (dist/cli/main.js, built by tsc) into dist/bin/, the `permc` bin.
//
// Why: a per-call user — Claude Code's hook, a one-line `permc eval`, CI —
// starts a process for every call, and loading ~110 small ES modules one by
// one (resolve, stat, open, read, compile each) cost about as much as all the
// work of a decision (bench/cold-start.ts). Bundled, the CLI is one module,
// plus one chunk per command that loads lazily (compile, graph, watch…), so
// a hook loads only what a decision needs.
//
// The hook has a second bundle of its own, permc-hook.cjs: one script with
// everything a decision runs, which the bin compiles with V8's code cache
// (cli/cached-hook.ts says why and how). Its cache is made here, after
// warm-up decisions, by a node started like the bin (the same V8 flags).
//
// Only permc's own code is bundled: dependencies stay external (loaded from
// node_modules, lazily where the code imports them lazily), so the bundle
// holds nothing a dependency's licence would have to travel with. The output
// depth (dist/bin/) equals dist/cli/'s, so paths the code resolves against
// its own URL (package.json, examples/) stay right.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rolldown } from "rolldown";
import { parseAst } from "rolldown/parseAst";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "dist", "bin");
const pkg = (await import(path.join(ROOT, "package.json"), { with: { type: "json" } })).default;
const dependencies = Object.keys(pkg.dependencies ?? {});
const isExternal = (id) => id.startsWith("node:") || dependencies.some((d) => id === d || id.startsWith(`${d}/`)) || id === "permc" || id.startsWith("permc/");

async function build(inputOptions, outputOptions, wrap = (code) => code) {
  const bundle = await rolldown({ platform: "node", external: isExternal, logLevel: "warn", ...inputOptions });
  try {
    const { output } = await bundle.generate({ sourcemap: false, ...outputOptions });
    for (const file of output) {
      if (file.type !== "chunk") throw new Error(`unexpected bundle output ${file.fileName}`);
      writeFileSync(path.join(OUT, file.fileName), wrap(file.code));
    }
  } finally {
    await bundle.close();
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await build(
  { input: { permc: path.join(ROOT, "dist", "cli", "main.js") } },
  { format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
);

// The hook's bundle: CommonJS in one file, and the whole file one function
// expression, so what V8 compiles (and caches) is exactly the file's bytes.
// The loader (cli/cached-hook.ts) passes the file's URL for import.meta.url
// and an import() of its own: a script run through node:vm has none on Node
// 20 without an experimental flag, and a script from V8's code cache loses
// the one node:vm would give it.
const { HOOK_BUNDLE_PARAMETERS } = await import(pathToFileURL(path.join(ROOT, "dist", "cli", "cached-hook.js")).href);
const DYNAMIC_IMPORT = /\bimport\(/g;
await build(
  {
    input: { "permc-hook": path.join(ROOT, "dist", "cli", "hook-bundle.js") },
    transform: { define: { "import.meta.url": "__permcBundleUrl" } },
  },
  // Minified, without comments and in ASCII: less to read, hash and decode (514 KB of source and a 525 KB cache became
  // 324 and 397 KB, ~3 ms of a cold call), and V8 keeps the source as one byte per character. The error messages a
  // decision prints are strings, not names, so nothing a user reads changes.
  { format: "cjs", entryFileNames: "[name].cjs", codeSplitting: false, comments: false, minify: true },
  (bundled) => {
    const code = asciiOnly(bundled);
    const imports = code.match(DYNAMIC_IMPORT) ?? [];
    if (imports.length !== 1 || !/import\(\s*["'`]web-tree-sitter["'`]\s*\)/.test(code))
      throw new Error(`the hook bundle should import() web-tree-sitter only, found ${imports.length} import() calls`);
    return `(function (${HOOK_BUNDLE_PARAMETERS.join(", ")}) {${code.replace(DYNAMIC_IMPORT, "__permcImport(")}\n})`;
  },
);

// `permc init claude`'s hook command: the loader alone, as CommonJS (cli/claude-hook-main.ts says why).
await build(
  {
    input: { "permc-claude-hook": path.join(ROOT, "dist", "cli", "claude-hook-main.js") },
    transform: { define: { "import.meta.dirname": "__dirname" } },
  },
  { format: "cjs", entryFileNames: "[name].cjs", codeSplitting: false },
);

const made = spawnSync(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    `const hook = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, "dist", "cli", "cached-hook.js")).href)});
     const dir = ${JSON.stringify(OUT)};
     const loaded = hook.loadHookBundle(dir, { useCache: false });
     await hook.warmUp(loaded.bundle, ${JSON.stringify(path.join(ROOT, "generated", "example-policy.mjs"))}, "/home/user");
     process.exitCode = hook.writeHookCache(dir, loaded) ? 0 : 1;`,
  ],
  { stdio: "inherit" },
);
if (made.status !== 0) throw new Error("could not write the hook's code cache");

/**
 * `code` with every non-ASCII character written as a \\u escape, which means
 * the same character only inside a string, a regular expression or an
 * untagged template: one anywhere else (an identifier, a String.raw
 * template) or after a backslash stops the build.
 */
function asciiOnly(code) {
  const literals = [];
  const visit = (node, parent) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    if (node === null || typeof node !== "object") return;
    if (node.type === "Literal" && (typeof node.value === "string" || node.regex !== undefined)) literals.push([node.start, node.end]);
    if (node.type === "TemplateElement" && parent.type === "TemplateLiteral" && !parent.tagged) literals.push([node.start, node.end]);
    if (node.type === "TaggedTemplateExpression") node.quasi.tagged = true;
    for (const [key, child] of Object.entries(node)) if (key !== "tagged") visit(child, node);
  };
  visit(parseAst(code), null);
  return code.replace(/[^\x00-\x7f]/g, (ch, at) => {
    const backslashes = code.slice(0, at).match(/\\*$/)[0].length;
    if (backslashes % 2 === 1 || !literals.some(([start, end]) => start <= at && at < end)) {
      throw new Error(`the hook bundle has a non-ASCII character outside a literal at ${at}: ${JSON.stringify(code.slice(at - 40, at + 10))}`);
    }
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
