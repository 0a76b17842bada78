import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSource } from "../../compiler/frontend/read-source.js";
import { composeRules } from "../../compiler/passes/compose-rules.js";
import { mergeScopes } from "../../compiler/passes/merge-scopes.js";
import { PI_CORPUS_DIR as CORPUS_DIR } from "./helpers.js";

const files = readdirSync(CORPUS_DIR).sort();

function readCorpusFile(name: string) {
  const text = readFileSync(`${CORPUS_DIR}/${name}`, "utf8");
  const agent = name.endsWith(".md");
  return readSource({ file: name, text, scope: agent ? "agent" : "global", kind: agent ? "agent-md" : "pi-json" });
}

describe("real-world configs", () => {
  it.each(files)("%s reads without throwing and yields a document or errors", (name) => {
    const r = readCorpusFile(name);
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    expect(r.doc === null).toBe(errors.length > 0);
    if (r.doc) expect(() => composeRules(mergeScopes([r.doc!]))).not.toThrow();
  });

  it("accounts for every file: documents plus rejected files", () => {
    const outcomes = files.map((name) => {
      const r = readCorpusFile(name);
      return r.doc ? "document" : "rejected";
    });
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    // Every file 40.1.4 accepts compiles (four use `authorizerChain`, 20.9.0); the one with a
    // `_comment` key is rejected by 40.1.4's strict schema too.
    expect({ files: files.length, documents: count("document"), rejected: count("rejected") }).toEqual({ files: 36, documents: 35, rejected: 1 });
  });

  it("rejects files for the reasons the reference would", () => {
    const rejected = files.map(readCorpusFile).filter((r) => !r.doc);
    const slugs = new Set(rejected.flatMap((r) => r.diagnostics.filter((d) => d.severity === "error").map((d) => d.slug)));
    expect([...slugs]).toEqual(["unknown-key"]);
    // The note key gets a help line saying where a note can live instead.
    const help = rejected.flatMap((r) => r.diagnostics.filter((d) => d.message.includes("`_comment`")).map((d) => d.help ?? ""));
    expect(help).toHaveLength(1);
    expect(help[0]).toMatch(/`\.jsonc`/);
    expect(help[0]).toMatch(/`\.perm`/);
  });
});
