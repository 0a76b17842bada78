/**
 * The built playground, as a person meets it: `vite build` into a temp
 * folder, served on loopback, driven in a real headless Chromium (Debian's
 * `chromium`, through playwright-core; no browser download). It types a
 * policy and a command and reads the decision and the automaton picture.
 * With PERMC_UPDATE_GOLDEN=1 the screenshot is also written to
 * docs/playground.png (review it like any golden file).
 */
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeState } from "../../playground/src/url-state.js";
import { tempDir } from "../support/temp-dir.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const CONFIG = path.join(ROOT, "playground", "vite.config.ts");
const CHROMIUM = process.env.PERMC_CHROMIUM ?? "/usr/bin/chromium";
const OUT = tempDir("playground-build");

let server: PreviewServer | undefined;
let devServer: ViteDevServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  await build({ configFile: CONFIG, logLevel: "error", build: { outDir: OUT, emptyOutDir: true } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await devServer?.close();
});

const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function launched(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: this test drives the playground in a real browser. Install Debian's package ` +
        "(as root: `apt-get update && apt-get install -y chromium`; npm test does this) or point PERMC_CHROMIUM at a Chromium executable.",
    );
  }
  // Root in CI needs --no-sandbox; the rest keeps Chromium off the (closed) network. playwright makes and removes its own profile.
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  return browser;
}

/**
 * The decisions a page at `url` gives for commands that need the bash grammar
 * (`echo $((2**10))`, a power, is outside the plain fragment: allowed only when tree-sitter read it, else asked) and
 * for a plain denied one. `blockGrammar` makes the grammar's wasm fail to load.
 */
async function grammarDecisions(url: string, blockGrammar = false): Promise<{ actions: string[]; status: string }> {
  const page = await (await launched()).newPage();
  if (blockGrammar) await page.route(/tree-sitter-bash[^/]*\.wasm$/, (route) => route.fulfill({ status: 404, body: "" }));
  const policyText = ["scope global", "default allow", 'bash "rm *" deny', ""].join("\n");
  await page.goto(`${url}#${encodeState({ kind: "perm", policy: policyText, calls: "bash echo $((2**10))\nbash rm -rf x" })}`);
  const calls = page.locator(".call");
  await calls.nth(1).waitFor({ timeout: 30_000 });
  await page.locator("#status", { hasText: blockGrammar ? "grammar could not be loaded" : "compiled and decided" }).waitFor({ timeout: 30_000 });
  const actions = await Promise.all((await calls.all()).map((c) => c.getAttribute("data-action")));
  const status = (await page.textContent("#status")) ?? "";
  await page.close();
  return { actions: actions.map(String), status };
}

function assets(): string[] {
  return readdirSync(path.join(OUT, "assets"));
}

describe("the playground build", () => {
  it("is a static page with the bash grammar and both WebAssembly runtimes, and no Node-only code", () => {
    const html = readFileSync(path.join(OUT, "index.html"), "utf8");
    expect(html).toMatch(/<script type="module" crossorigin src="\.\/assets\/index-[\w-]+\.js">/);
    const files = assets();
    expect(files.some((f) => /^tree-sitter-bash-[\w-]+\.wasm$/.test(f))).toBe(true);
    expect(files.some((f) => /^web-tree-sitter-[\w-]+\.wasm$/.test(f))).toBe(true);
    const js = files
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(path.join(OUT, "assets", f), "utf8"))
      .join("\n");
    // ts-morph (the emitter's) and the TypeScript compiler it carries stay out; so do the CLI's file writers.
    expect(js).not.toContain("ts-morph");
    expect(js).not.toContain("createSourceFile");
    expect(js).not.toContain("writeAtomically");
    // Graphviz is there, in its own chunk, loaded on first picture.
    expect(files.some((f) => /^viz-[\w-]+\.js$/.test(f))).toBe(true);
  });
});

async function previewUrl(): Promise<string> {
  server ??= await preview({ configFile: CONFIG, logLevel: "error", build: { outDir: OUT }, preview: { host: "127.0.0.1", port: 0, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("vite preview gave no URL");
  return url;
}

describe("the bash grammar in the page", () => {
  it("the built page loads it: a command only tree-sitter reads is decided, not floored", async () => {
    expect((await grammarDecisions(await previewUrl())).actions).toEqual(["allow", "deny"]);
  }, 90_000);

  it("the dev server (npm run playground) loads it too", async () => {
    devServer = await createServer({ configFile: CONFIG, logLevel: "error", server: { host: "127.0.0.1", port: 0, strictPort: false } });
    await devServer.listen();
    const url = devServer.resolvedUrls?.local[0];
    if (!url) throw new Error("vite's dev server gave no URL");
    expect((await grammarDecisions(url)).actions).toEqual(["allow", "deny"]);
  }, 90_000);

  it("a grammar that cannot load is said on the page, and the commands that need it fail closed", async () => {
    const { actions, status } = await grammarDecisions(await previewUrl(), true);
    expect(status).toMatch(/^error: the bash grammar could not be loaded/);
    // The gate cannot load the parser: a deny (fail closed), whatever the rules say.
    expect(actions).toEqual(["deny", "deny"]);
  }, 90_000);
});

describe("the playground in headless Chromium", () => {
  it("decides a typed command, shows its trace and draws the automaton", async () => {
    const url = await previewUrl();
    const page = await (await launched()).newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // Opened on an empty state (the example would be compiled and drawn first), then typed into.
    await page.goto(`${url}#${encodeState({ kind: "json", policy: "", calls: "" })}`);
    // Type only after the page's first update (it ends with this status): under load, a full run once compiled the typed
    // .perm as JSON, the kind chosen below reset to the fragment's by a page that was still starting.
    await page.locator("#status", { hasText: "compiled and decided" }).waitFor({ timeout: 20_000 });
    await page.selectOption("#kind", "perm");
    await page.fill("#policy", ["scope global", "default ask", 'bash "git *" allow', 'bash "git push *" ask', 'bash "*--force*" deny', ""].join("\n"));
    await page.fill("#calls", "git push --force".replace(/^/, "bash "));
    const call = page.locator(".call", { hasText: "bash git push --force" });
    await call.waitFor({ timeout: 20_000 });
    expect(await call.getAttribute("data-action")).toBe("deny");
    const trace = (await call.locator("pre").textContent()) ?? "";
    expect(trace).toContain('bash "git push --force" → deny');
    expect(trace).toMatch(/wins\s+deny\s+`\*--force\*` on `bash`\s+\(policy\.perm:5:6\)/);
    await page.locator("#graph svg").waitFor({ timeout: 20_000 });
    expect(await page.textContent("#graph-title")).toBe("Automaton of surface bash");
    const svgText = (await page.locator("#graph svg").textContent()) ?? "";
    expect(svgText).toContain("deny *--force*");
    expect(svgText).toContain("policy.perm:5");
    expect(await page.locator("#graph svg g.node").count()).toBeGreaterThan(3);
    // The state is in the fragment: a fresh page from the link shows the same decision.
    const shared = page.url();
    expect(shared).toMatch(/#[A-Za-z0-9_-]+$/);
    const again = await (await launched()).newPage();
    await again.goto(shared);
    await again.locator('.call[data-action="deny"]', { hasText: "bash git push --force" }).waitFor({ timeout: 20_000 });
    await again.close();
    const shot = path.join(OUT, "playground.png");
    await page.screenshot({ path: shot, fullPage: true });
    expect(readFileSync(shot).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    if (process.env.PERMC_UPDATE_GOLDEN === "1") copyFileSync(shot, path.join(ROOT, "docs", "playground.png"));
    expect(errors).toEqual([]);
  }, 90_000);
});
