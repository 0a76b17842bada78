import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/pipeline.js";
import { ROOT } from "../support/cli.js";
import { rows } from "./harness.js";

interface ConfigRow {
  readonly id: string;
  readonly configText: string;
  readonly accepted: boolean;
  readonly note: string;
}

const all = rows<ConfigRow>("config.jsonl");
const schema = JSON.parse(readFileSync(path.join(ROOT, "schemas", "pi-permission-config.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

describe("ref40/config.jsonl: permc accepts exactly the config files 40.1.4 accepts", () => {
  it("has rows", () => expect(all.length).toBe(64));

  it.each(all.map((r) => [r.id, r] as const))("%s", (_id, r) => {
    const result = compile({
      inputs: [{ file: "config.json", text: r.configText, scope: "global", kind: "pi-json" }],
      target: { home: "/home/tester", platform: "posix" },
      command: "permc compile (test)",
    });
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    expect({ accepted: result.moduleText !== null, errors: errors.map((d) => d.message) }, r.note).toEqual({
      accepted: r.accepted,
      errors: r.accepted ? [] : expect.arrayContaining([expect.any(String)]),
    });
    // The JSON Schema editors use says the same.
    expect(validate(JSON.parse(r.configText)), JSON.stringify(validate.errors?.slice(0, 2))).toBe(r.accepted);
  });

  it("warns about the deprecated preview caps it accepts (26.0.0)", () => {
    const r = compile({
      inputs: [{ file: "config.json", text: all.find((x) => x.id === "cfg-001")!.configText, scope: "global", kind: "pi-json" }],
      target: { home: "/home/tester", platform: "posix" },
      command: "permc compile (test)",
    });
    expect(r.diagnostics.filter((d) => d.slug === "deprecated-key").map((d) => d.message)).toEqual([
      "`toolInputPreviewMaxLength` has no effect",
      "`toolTextSummaryMaxLength` has no effect",
    ]);
  });
});
