import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PI_SOURCES = readdirSync(path.join(ROOT, "runtime", "pi")).filter((f) => f.endsWith(".ts"));
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<string, Record<string, unknown>>;

describe("permc/pi packaging", () => {
  it("finds the extension's sources (the checks below are not vacuous)", () => {
    expect(PI_SOURCES).toContain("index.ts");
  });

  it.each(PI_SOURCES)("%s imports Pi for types only, so the host's Pi copy is the one that runs", (file) => {
    const text = readFileSync(path.join(ROOT, "runtime", "pi", file), "utf8");
    for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+["'](@mariozechner\/[^"']+)["']/gm)) {
      expect(m[2], `${file}: ${m[0]}`).toBe("type ");
    }
    expect(text).not.toMatch(/import\(\s*["']@mariozechner\//);
  });

  it("exposes ./pi and a Pi package manifest, with Pi only as a dev dependency", () => {
    expect(pkg.exports!["./pi"]).toBe("./dist/runtime/pi/index.js");
    expect(pkg.pi!.extensions).toEqual(["./dist/runtime/pi/index.js"]);
    expect(Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith("@mariozechner/"))).toEqual([]);
    expect(pkg.devDependencies!["@mariozechner/pi-coding-agent"]).toBe("0.73.1");
    expect(pkg.devDependencies!["@mariozechner/pi-ai"]).toBe("0.73.1");
  });
});
