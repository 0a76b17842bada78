/**
 * docs/diagnostics.md, generated from the catalogue so the page cannot drift
 * from the codes the compiler reports (test/diagnostics/catalogue-page.test.ts
 * fails when the committed page is stale).
 */
import { DIAGNOSTIC_TRIGGERS, DIAGNOSTICS, UNUSED_CODES, type DiagnosticKind, type DiagnosticName } from "./catalogue.js";

export function diagnosticsPage(): string {
  const kinds = (Object.entries(DIAGNOSTICS) as Array<[DiagnosticName, DiagnosticKind]>).sort((a, b) => a[1].code.localeCompare(b[1].code));
  const out = [
    "# Diagnostics",
    "",
    "<!-- Generated from compiler/diagnostics/catalogue.ts; refresh with PERMC_UPDATE_GOLDEN=1 npx vitest run test/diagnostics. -->",
    "",
    "Every problem permc reports has a stable code and slug (`PC0012 shadowed-rule`). Codes are never renumbered;",
    "new ones are appended. Errors stop the compile before a module is written; warnings and infos do not.",
    "`permc lint` reports them without writing a module; `--format json` gives code, slug, severity, file, line and column.",
    "",
    "| Code | Slug | Severity |",
    "| --- | --- | --- |",
    ...kinds.map(([, k]) => `| ${k.code} | \`${k.slug}\` | ${k.severity} |`),
    "",
  ];
  for (const [name, k] of kinds) {
    out.push(`## ${k.code} \`${k.slug}\` (${k.severity})`, "", DIAGNOSTIC_TRIGGERS[name], "");
    out.push(k.help !== undefined ? `Help: ${k.help}` : "Help: given with each report (it depends on what was found).", "");
  }
  out.push("## Unused codes", "");
  for (const [code, why] of Object.entries(UNUSED_CODES)) out.push(`- ${code}: ${why}`);
  return out.join("\n") + "\n";
}
