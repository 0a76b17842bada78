/**
 * Builds the playground: a static page that runs the compiler front end,
 * the automata and the runtime in the browser. The Node built-ins a few
 * runtime files import are replaced by stand-ins (shims/README.md), and the
 * module emitter (ts-morph) by a stub: the playground compiles to tables
 * and never emits a module.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, "..");
const shim = (file: string) => path.join(HERE, "shims", file);
const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

export default defineConfig(({ command }) => ({
  root: HERE,
  base: "./",
  // The dev server prints its URL (npm run playground); a build stays quiet but for warnings.
  logLevel: command === "serve" ? "info" : "warn",
  // The bash analysis reads a few variables from process.env (CDPATH, GREP_OPTIONS, …) when the caller passes none:
  // a page has no environment, so none is set. Without this the dev server, which does not replace them as a
  // build does, failed every split with "process is not defined" and floored every command.
  define: { __PERMC_VERSION__: JSON.stringify(version), "process.env": "{}" },
  resolve: {
    alias: [
      { find: /^node:fs\/promises$/, replacement: shim("fs-promises.ts") },
      { find: /^node:fs$/, replacement: shim("fs.ts") },
      { find: /^node:path$/, replacement: shim("path.ts") },
      { find: /^node:os$/, replacement: shim("os.ts") },
      { find: /^node:module$/, replacement: shim("module.ts") },
      { find: /^node:crypto$/, replacement: shim("crypto.ts") },
      { find: /^node:url$/, replacement: shim("url.ts") },
      { find: /^node:zlib$/, replacement: shim("zlib.ts") },
      { find: /^\.\/emit\/emit-module\.js$/, replacement: shim("emit-module.ts") },
    ],
  },
  // Both load their wasm relative to their own file; prebundling would move the file away from it.
  optimizeDeps: { exclude: ["web-tree-sitter", "@viz-js/viz"] },
  server: { fs: { allow: [ROOT] } },
  build: {
    outDir: path.join(ROOT, "dist-playground"),
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        // web-tree-sitter's emscripten loader uses eval for its dynamic linking; not ours to change.
        if (log.code === "EVAL" && (log.id ?? "").includes("web-tree-sitter")) return;
        handler(level, log);
      },
    },
  },
}));
