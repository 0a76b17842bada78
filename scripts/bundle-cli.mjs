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
// Only permc's own code is bundled: dependencies stay external (loaded from
// node_modules, lazily where the code imports them lazily), so the bundle
// holds nothing a dependency's licence would have to travel with. The output
// depth (dist/bin/) equals dist/cli/'s, so paths the code resolves against
// its own URL (package.json, examples/) stay right.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "dist", "bin");
const pkg = (await import(path.join(ROOT, "package.json"), { with: { type: "json" } })).default;
const dependencies = Object.keys(pkg.dependencies ?? {});
const isExternal = (id) => id.startsWith("node:") || dependencies.some((d) => id === d || id.startsWith(`${d}/`)) || id === "permc" || id.startsWith("permc/");

rmSync(OUT, { recursive: true, force: true });
const bundle = await rolldown({ input: { permc: path.join(ROOT, "dist", "cli", "main.js") }, platform: "node", external: isExternal, logLevel: "warn" });
try {
  await bundle.write({ dir: OUT, format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js", sourcemap: false });
} finally {
  await bundle.close();
}
