import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse, type ParseError } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { readPiConfig } from "../../compiler/frontend/json/read-pi-config.js";
import { ROOT } from "../support/cli.js";
import { CORPUS_DIR, VECTORS_DIR } from "../support/fixtures.js";

/**
 * The JSON Schema editors use and the front end's validator must accept and
 * reject the same files; a disagreement means one of them is wrong.
 */
const schema = JSON.parse(readFileSync(path.join(ROOT, "schemas", "pi-permission-config.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
const VECTORS = VECTORS_DIR;
const CORPUS = path.join(CORPUS_DIR, "pi");

function jsonl(file: string): Array<Record<string, unknown>> {
  return readFileSync(path.join(VECTORS, file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Every config text we can find: vectors (as written), examples, golden inputs, real-world files. */
function configs(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const c of [...jsonl("evaluate.jsonl"), ...jsonl("rules.jsonl"), ...jsonl("toolcall.jsonl"), ...jsonl("check.jsonl")]) {
    const id = String(c.id);
    if (c.config !== undefined) out.push([id, JSON.stringify({ permission: c.config })]);
    if (typeof c.rawConfig === "string") out.push([`${id} (raw)`, c.rawConfig]);
    const files = c.files as Record<string, string> | undefined;
    for (const key of ["global", "project"]) if (files?.[key]) out.push([`${id} ${key}`, files[key]!]);
    const scopes = c.scopes as Record<string, unknown> | undefined;
    for (const key of ["global", "project"]) if (scopes?.[key]) out.push([`${id} ${key}`, JSON.stringify({ permission: scopes[key] })]);
  }
  out.push(["examples/policy.json", readFileSync(path.join(ROOT, "examples", "policy.json"), "utf8")]);
  for (const dir of readdirSync(path.join(ROOT, "test", "golden"), { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of readdirSync(path.join(ROOT, "test", "golden", dir.name))) {
      if (/^(global|project)\.jsonc?$/.test(f)) out.push([`golden ${dir.name}/${f}`, readFileSync(path.join(ROOT, "test", "golden", dir.name, f), "utf8")]);
    }
  }
  for (const f of readdirSync(CORPUS)) if (f.endsWith(".json")) out.push([`corpus ${f}`, readFileSync(path.join(CORPUS, f), "utf8")]);
  return out;
}

/** Only well-formed JSON(C) is a schema question; syntax errors are the parser's. */
function parsed(text: string): unknown | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: false, disallowComments: false });
  return errors.length === 0 ? value : undefined;
}

const cases = configs().filter(([, text]) => parsed(text) !== undefined);

describe("schemas/pi-permission-config.schema.json", () => {
  it("is checked against a good number of configs, valid and invalid", () => {
    const verdicts = cases.map(([, text]) => validate(parsed(text)));
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(50);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThan(3);
  });

  it.each(cases)("agrees with the front end on %s", (_name, text) => {
    const viaSchema = validate(parsed(text));
    const { doc, diagnostics } = readPiConfig({ file: "config.json", text, scope: "global", kind: "pi-json" });
    const viaFrontEnd = doc !== null;
    expect(
      viaSchema,
      JSON.stringify({ schema: validate.errors?.slice(0, 2), frontEnd: diagnostics.filter((d) => d.severity === "error").map((d) => d.message) }),
    ).toBe(viaFrontEnd);
  });
});
