import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTICS, UNUSED_CODES } from "../../compiler/diagnostics/catalogue.js";
import { diagnosticsPage } from "../../compiler/diagnostics/catalogue-page.js";

const PAGE = path.resolve(import.meta.dirname, "..", "..", "docs", "diagnostics.md");
const UPDATE = process.env.PERMC_UPDATE_GOLDEN === "1";

describe("docs/diagnostics.md", () => {
  it("is the page generated from the catalogue", () => {
    const actual = diagnosticsPage();
    if (UPDATE) writeFileSync(PAGE, actual);
    expect(readFileSync(PAGE, "utf8"), "docs/diagnostics.md is stale; run with PERMC_UPDATE_GOLDEN=1 and review the diff").toBe(actual);
  });

  it("lists every code, and accounts for every gap in the numbering", () => {
    const page = diagnosticsPage();
    const codes = Object.values(DIAGNOSTICS).map((k) => k.code);
    for (const k of Object.values(DIAGNOSTICS)) expect(page).toContain(`## ${k.code} \`${k.slug}\``);
    const highest = Math.max(...codes.map((c) => Number(c.slice(2))));
    for (let n = 1; n <= highest; n++) {
      const code = `PC${String(n).padStart(4, "0")}`;
      expect(codes.includes(code) || code in UNUSED_CODES, `${code} is neither used nor listed as unused`).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});
