import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { diagnosticsOf } from "./init-compile.js";
import { allNotes, importGemini, importPolicy, renderPerm, type ImportFormat, type ImportResult } from "../compiler/import/index.js";
import { printPerm } from "../compiler/print/perm-dsl-print.js";
import { readSource } from "../compiler/frontend/read-source.js";
import type { SourceInput } from "../compiler/frontend/source.js";
import { writeAtomically } from "./atomic-write.js";
import { guardedHookCommand, withCodexHook, withGeminiHook } from "./init-hook-entries.js";
import { parseOptions, UsageError } from "./usage.js";
import { refuseOutputOverInput } from "./output-over-input.js";
import { humanNote } from "./import-command.js";
import { geminiPolicyFiles, geminiPolicyFolders, readGeminiSources, type GeminiPolicyFolder } from "./gemini-policy-sources.js";

/**
 * `permc init claude|opencode|pi|codex|gemini [--dir DIR] [--home DIR] [--force]`: the
 * agent's existing rules (what `permc import` reads; for Pi its
 * pi-permission-system config) become `<agent dir>/permc/policy.perm`, compiled
 * to `policy.mjs` beside it, and the agent is told to load the result: a
 * PreToolUse hook in `.claude/settings.json` (merged, every other key kept),
 * a plugin file in `.opencode/plugins/`, a Pi project extension, a
 * PreToolUse entry in `.codex/hooks.json` (Codex's `.codex/rules/*.rules`
 * imported), a BeforeTool entry in `.gemini/settings.json` (Gemini CLI's
 * policy files imported: the system folder's, `~/.gemini/policies` and the
 * project's `.gemini/policies`). Each file written is printed, and every rule
 * that did not translate exactly. An existing policy.perm is never
 * overwritten without --force; nothing is written when the import or the
 * compile fails.
 */
export function runInit(argv: readonly string[]): number {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      dir: { type: "string" },
      home: { type: "string" },
      force: { type: "boolean" },
      "accept-lossy": { type: "boolean" },
      sandbox: { type: "boolean" },
      headless: { type: "boolean" },
    },
  });
  const agent = positionals[0];
  if (positionals.length !== 1 || !(agent === "claude" || agent === "opencode" || agent === "pi" || agent === "codex" || agent === "gemini"))
    throw new UsageError("init takes one agent: claude, opencode, pi, codex or gemini");
  if ((agent === "codex" || agent === "gemini") && values.sandbox === true)
    throw new UsageError(`--sandbox is not available for ${agent} (its hook cannot hand back a wrapped command)`);
  if (agent !== "gemini" && values.headless === true)
    throw new UsageError("--headless is for init gemini only (its hook's asks wait for a person in `gemini -p`)");
  const project = path.resolve(values.dir ?? process.cwd());
  const home = values.home ?? os.homedir();
  const plan = PLANS[agent](project, { sandbox: values.sandbox === true, headless: values.headless === true });
  const permFile = path.join(plan.folder, "policy.perm");
  const moduleFile = path.join(plan.folder, "policy.mjs");
  if (existsSync(permFile) && values.force !== true) {
    process.stderr.write(`permc init: ${permFile} exists; nothing written (pass --force to replace it)\n`);
    return 1;
  }
  const perm = plan.policyText(values["accept-lossy"] === true, home);
  if ("error" in perm) {
    process.stderr.write(`permc init: ${perm.error}; nothing written\n`);
    return 1;
  }
  const compiled = diagnosticsOf(permFile, perm.text, home, plan.scope, plan.before(home));
  if (compiled.moduleText === null) {
    process.stderr.write(`permc init: the imported policy does not compile; nothing written\n${compiled.report}\n`);
    return 1;
  }
  const settings = plan.settings();
  if ("error" in settings) {
    process.stderr.write(`permc init: ${settings.error}; nothing written\n`);
    return 1;
  }
  const outputs = [[permFile, perm.text], [moduleFile, compiled.moduleText], ...settings.files] as const;
  // A written file that is one the import read (a link in the agent folder) would replace the source; the settings file the hook entry is merged into is rewritten on purpose.
  for (const [file] of outputs) if (file !== plan.mergedInto) refuseOutputOverInput(file, plan.reads(home));
  for (const [file, text] of outputs) {
    writeAtomically(file, text);
    const shown = path.relative(process.cwd(), file);
    process.stdout.write(`wrote ${shown === "" || shown.startsWith("..") ? file : shown}\n`);
  }
  for (const note of perm.notes) process.stderr.write(`note: ${note}\n`);
  for (const line of perm.report ?? []) process.stderr.write(line + "\n");
  if (agent === "pi")
    // A project module applies only in a project Pi trusts; a Pi that cannot say (0.73.1) needs the person's own trust.
    process.stdout.write(
      `next: review ${path.relative(process.cwd(), permFile) || permFile}, then run \`npx permc trust${project === process.cwd() ? "" : ` ${project}`}\` so Pi applies ${moduleFile} (a Pi that reports project trust decides itself)\n`,
    );
  return 0;
}

interface Plan {
  readonly folder: string;
  /** The scope the .perm file is compiled as. */
  readonly scope: "global" | "project";
  /** Sources compiled under it (Pi: the user's global pi-permission-system config, as Pi merges it). */
  readonly before: (home: string) => SourceInput[];
  /** The .perm text, notes, and the import's report (the lines `permc import` prints for the same source). */
  readonly policyText: (acceptLossy: boolean, home: string) => { text: string; notes: string[]; report?: string[] } | { error: string };
  readonly settings: () => { files: Array<readonly [string, string]> } | { error: string };
  /** The files the policy is imported from. */
  readonly reads: (home: string) => readonly string[];
  /** The one of them written back on purpose (Claude's settings.json, the hook entry merged in). */
  readonly mergedInto?: string;
}

/** What the entry asks of the agent beside the policy: the kernel layer for each shell command (docs/sandbox.md). */
interface EntryOptions {
  readonly sandbox: boolean;
  /** Nobody answers prompts (`gemini -p`): the hook answers an ask with a deny. */
  readonly headless: boolean;
}

const PLANS: Readonly<Record<"claude" | "opencode" | "pi" | "codex" | "gemini", (project: string, entry: EntryOptions) => Plan>> = {
  claude: (project, entry) => {
    const settingsFile = path.join(project, ".claude", "settings.json");
    const sources = [settingsFile, path.join(project, ".claude", "settings.local.json")];
    return {
      folder: path.join(project, ".claude", "permc"),
      reads: () => sources,
      mergedInto: settingsFile,
      scope: "global",
      before: () => [],
      policyText: (lossy) => imported("claude", sources, lossy),
      settings: () => {
        const existing = readJsonObject(settingsFile);
        if ("error" in existing) return existing;
        const missing = missingEntry(project, CLAUDE_HOOK_ENTRY);
        if (missing) return missing;
        const local = existsSync(path.join(project, "node_modules", "permc", "package.json"));
        // The hook's own CommonJS entry (cli/claude-hook-main.ts): `permc.js hook claude` answers the same, a little slower.
        const hook = local ? `"$CLAUDE_PROJECT_DIR/node_modules/permc/${CLAUDE_HOOK_ENTRY}"` : quote(installed(CLAUDE_HOOK_ENTRY));
        // Only exit 2 blocks in Claude Code; node's own failures (the file gone after permc moved or was uninstalled,
        // node missing: 1, 127) would let every call through, so the shell turns any failure into 2.
        const sandbox = entry.sandbox ? " --sandbox" : "";
        const command = `node ${hook} --policy "$CLAUDE_PROJECT_DIR/.claude/permc/policy.mjs"${sandbox} || exit 2`;
        return { files: [[settingsFile, JSON.stringify(withHook(existing.value, command), null, 2) + "\n"]] };
      },
    };
  },
  opencode: (project, entry) => ({
    folder: path.join(project, ".opencode", "permc"),
    reads: () => [path.join(project, "opencode.json"), path.join(project, "opencode.jsonc")],
    scope: "global",
    before: () => [],
    policyText: (lossy) => imported("opencode", [path.join(project, "opencode.json"), path.join(project, "opencode.jsonc")], lossy),
    settings: () =>
      missingEntry(project, entry.sandbox ? OPENCODE_SANDBOXED_ENTRY : OPENCODE_ENTRY) ?? {
        files: [
          [
            path.join(project, ".opencode", "plugins", "permc.js"),
            entry.sandbox
              ? `// Loads permc's policy (.opencode/permc/policy.mjs) and runs each allowed shell command under its kernel layer; written by permc init.\nexport { PermcPlugin } from ${JSON.stringify(specifier(project, "opencode/sandboxed", OPENCODE_SANDBOXED_ENTRY))};\n`
              : `// Loads permc's policy (.opencode/permc/policy.mjs); written by permc init.\nexport { PermcPlugin } from ${JSON.stringify(specifier(project, "opencode", OPENCODE_ENTRY))};\n`,
          ],
        ],
      },
  }),
  pi: (project, entry) => {
    const config = path.join(project, ".pi", "extensions", "pi-permission-system", "config.json");
    return {
      folder: path.join(project, ".pi", "permc"),
      reads: (home) => [config, path.join(home, ".pi", "agent", "extensions", "pi-permission-system", "config.json")],
      scope: "project",
      before: (home) => {
        const global = path.join(home, ".pi", "agent", "extensions", "pi-permission-system", "config.json");
        return existsSync(global) ? [{ file: global, text: readFileSync(global, "utf8"), scope: "global", kind: "pi-json" }] : [];
      },
      policyText: () => {
        if (!existsSync(config)) return { error: `no pi-permission-system config at ${config}` };
        const { doc, diagnostics } = readSource({ file: config, text: readFileSync(config, "utf8"), scope: "project", kind: "pi-json" });
        if (!doc) return { error: `${config} cannot be read: ${diagnostics.map((d) => d.message).join("; ")}` };
        return { text: printPerm(doc, `converted from ${config} by permc init`), notes: [] };
      },
      settings: () =>
        missingEntry(project, PI_ENTRY) ?? {
          files: [
            [
              path.join(project, ".pi", "extensions", "permc.ts"),
              entry.sandbox
                ? `// Loads permc's policy (.pi/permc/policy.mjs) and runs each allowed shell command under its kernel layer; written by permc init.\nimport { createPermcExtension } from ${JSON.stringify(specifier(project, "pi", PI_ENTRY))};\nexport default createPermcExtension({ sandbox: true });\n`
                : `// Loads permc's policy (.pi/permc/policy.mjs); written by permc init.\nexport { default } from ${JSON.stringify(specifier(project, "pi", PI_ENTRY))};\n`,
            ],
          ],
        },
    };
  },
  codex: (project) => {
    const hooksFile = path.join(project, ".codex", "hooks.json");
    const rulesDir = path.join(project, ".codex", "rules");
    const policy = path.join(project, ".codex", "permc", "policy.mjs");
    const rules = (): string[] =>
      existsSync(rulesDir)
        ? readdirSync(rulesDir)
            .filter((f) => f.endsWith(".rules"))
            .sort()
            .map((f) => path.join(rulesDir, f))
        : [];
    return {
      folder: path.join(project, ".codex", "permc"),
      reads: rules,
      scope: "global",
      before: () => [],
      policyText: (lossy) => {
        const result = imported("codex", rules(), lossy);
        if ("error" in result) return result;
        // Codex's hook cannot ask: every call the policy asks about is blocked there.
        return {
          ...result,
          notes: [...result.notes, "Codex hooks cannot ask: a call this policy asks about is blocked in Codex; allow what Codex may run in policy.perm"],
        };
      },
      settings: () => {
        const existing = readJsonObject(hooksFile);
        if ("error" in existing) return existing;
        const missing = missingEntry(project, PERMC_BIN);
        if (missing) return missing;
        const command = guardedHookCommand(`node ${quote(binFor(project))} hook codex --policy ${quote(policy)}`);
        return { files: [[hooksFile, JSON.stringify(withCodexHook(existing.value, command), null, 2) + "\n"]] };
      },
    };
  },
  gemini: (project, entry) => {
    const settingsFile = path.join(project, ".gemini", "settings.json");
    const policy = path.join(project, ".gemini", "permc", "policy.mjs");
    // Gemini CLI's own home is GEMINI_CLI_HOME when that is set.
    const folders = (home: string) => geminiPolicyFolders(project, process.env["GEMINI_CLI_HOME"] || home);
    return {
      folder: path.join(project, ".gemini", "permc"),
      reads: (home) => {
        const files = geminiPolicyFiles(folders(home));
        return "error" in files ? [] : files.map((f) => f.file);
      },
      scope: "global",
      before: () => [],
      policyText: (lossy, home) => importedGemini(folders(home), lossy),
      settings: () => {
        const existing = readJsonObject(settingsFile);
        if ("error" in existing) return existing;
        const missing = missingEntry(project, PERMC_BIN);
        if (missing) return missing;
        const command = guardedHookCommand(`node ${quote(binFor(project))} hook gemini --policy ${quote(policy)}${entry.headless ? " --ask-blocks" : ""}`);
        return { files: [[settingsFile, JSON.stringify(withGeminiHook(existing.value, command), null, 2) + "\n"]] };
      },
    };
  },
};

/**
 * The source files that exist, imported; the agent's defaults when there is
 * none. OpenCode: the first. Claude: all, as Claude merges them (every
 * allow/ask/deny list; the later file's defaultMode and directories win).
 */
function imported(
  format: "claude" | "opencode" | "codex",
  candidates: readonly string[],
  acceptLossy: boolean,
): { text: string; notes: string[]; report: string[] } | { error: string } {
  const found = candidates.filter((f) => existsSync(f));
  const file = found.length > 0 ? found.join(" + ") : undefined;
  let text = found.length > 0 ? readFileSync(found[0]!, "utf8") : format === "codex" ? "" : "{}";
  // Codex reads every .rules file; their prefix_rule calls are one list.
  if (format === "codex") text = found.map((f) => readFileSync(f, "utf8")).join("\n");
  if (format === "claude" && found.length > 1) {
    const merged: Record<string, unknown> = {};
    for (const f of found) {
      const v = readJsonObject(f);
      if ("error" in v) return v;
      const p = isRecord(v.value.permissions) ? v.value.permissions : {};
      for (const [k, x] of Object.entries(p))
        merged[k] = Array.isArray(x) && Array.isArray(merged[k]) && k !== "additionalDirectories" ? [...(merged[k] as unknown[]), ...x] : x;
    }
    text = JSON.stringify({ permissions: merged });
  }
  const result = importPolicy(format, file ?? "(none)", text);
  return reported(format, file, result, acceptLossy, `no ${format} config found: ${format}'s defaults imported`);
}

/**
 * Gemini CLI's policy files, every tier it reads, as one import. A project's
 * `.gemini/policies` is imported at the workspace tier although Gemini CLI
 * 0.61.0 does not load it (its switch for workspace policies is off there):
 * the rules were written for the project, and later releases read them.
 */
function importedGemini(folders: readonly GeminiPolicyFolder[], acceptLossy: boolean): { text: string; notes: string[]; report: string[] } | { error: string } {
  const files = geminiPolicyFiles(folders);
  if ("error" in files) return files;
  const sources = readGeminiSources(files);
  if ("error" in sources) return sources;
  const file = sources.length > 0 ? sources.map((s) => s.file).join(" + ") : undefined;
  const none = `no Gemini CLI policy files in ${folders.map((f) => f.dir).join(", ")}: only Gemini CLI's defaults imported`;
  const result = importGemini(sources);
  // With several sources the import's error names its file already.
  if ("error" in result) return { error: sources.length === 1 ? `${sources[0]!.file}: ${result.error}` : result.error };
  const done = reported("gemini", file, result, acceptLossy, none);
  if ("error" in done || !sources.some((s) => s.tier === "workspace")) return done;
  return {
    ...done,
    notes: [
      ...done.notes,
      "Gemini CLI 0.61.0 does not load a project's .gemini/policies (workspace policies are switched off in that release); permc applies them, at the workspace tier",
    ],
  };
}

/** An import's result as init reports it: refused when lossy without --accept-lossy, else the .perm text and every note, as `permc import` prints them. */
function reported(
  format: ImportFormat,
  file: string | undefined,
  result: ImportResult | { error: string },
  acceptLossy: boolean,
  none: string,
): { text: string; notes: string[]; report: string[] } | { error: string } {
  if ("error" in result) return { error: `${file}: ${result.error}` };
  const notes = allNotes(result);
  const lossy = notes.filter((n) => n.widens === true);
  if (lossy.length > 0 && !acceptLossy)
    return {
      error: `${lossy.length} rule(s) of ${file} would be lost or weakened (see permc import ${format} ${format === "gemini" ? "<file>" : file}); pass --accept-lossy to import anyway`,
    };
  // What did not translate exactly is said here as `permc import` says it: a rule dropped without a word is a surprise later.
  const report = notes.map((n) => humanNote(file ?? "(none)", n, false));
  return { text: renderPerm(result), notes: [file ? `imported ${file}` : none], report };
}

function readJsonObject(file: string): { value: Record<string, unknown> } | { error: string } {
  if (!existsSync(file)) return { value: {} };
  try {
    const v: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof v === "object" && v !== null && !Array.isArray(v)) return { value: v as Record<string, unknown> };
    return { error: `${file} is not a JSON object` };
  } catch (e) {
    return { error: `${file} is not valid JSON (${(e as Error).message})` };
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** How long Claude Code waits for the hook (seconds): a cold decision that loads the bash grammar takes about one. */
export const CLAUDE_HOOK_TIMEOUT_SECONDS = 30;

/** The file `permc init claude`'s hook command runs. */
export const CLAUDE_HOOK_ENTRY = "dist/bin/permc-claude-hook.cjs";
/** The files `permc/opencode` and `permc/pi` resolve to (package.json exports). */
const OPENCODE_ENTRY = "dist/runtime/opencode/index.js";
const OPENCODE_SANDBOXED_ENTRY = "dist/runtime/opencode/sandboxed.js";
const PI_ENTRY = "dist/runtime/pi/index.js";
/** The bin `permc init codex|gemini`'s hook command runs (`permc hook codex|gemini`). */
const PERMC_BIN = "dist/bin/permc.js";

/** The bin's absolute path: the project's installed permc, else this installation's. */
function binFor(project: string): string {
  const local = path.join(project, "node_modules", "permc", PERMC_BIN);
  return existsSync(local) ? local : installed(PERMC_BIN);
}
/** A hook command permc wrote: this one, or an earlier `node …/permc.js hook claude --policy …`. */
const PERMC_HOOK_COMMAND = / hook claude --policy |permc-claude-hook\.cjs["']? --policy /;

/** The settings with one PreToolUse entry running `command` on every tool; an earlier permc entry is replaced, everything else kept. */
export function withHook(settings: Record<string, unknown>, command: string): Record<string, unknown> {
  const hooks = isRecord(settings.hooks) ? settings.hooks : {};
  const pre = Array.isArray(hooks.PreToolUse) ? hooks.PreToolUse : [];
  const ours = (entry: unknown) =>
    isRecord(entry) &&
    Array.isArray(entry.hooks) &&
    entry.hooks.some((h) => isRecord(h) && typeof h.command === "string" && PERMC_HOOK_COMMAND.test(h.command));
  // A hook that fails (times out, crashes) lets the call go on in Claude Code unless the entry says onFailure "block".
  const entry = { matcher: "*", hooks: [{ type: "command", command, timeout: CLAUDE_HOOK_TIMEOUT_SECONDS, onFailure: "block" }] };
  return { ...settings, hooks: { ...hooks, PreToolUse: [...pre.filter((e) => !ours(e)), entry] } };
}

/**
 * This permc installation's root: the folder above `dist/` for the built
 * command (dist/bin/, dist/cli/), the one above `cli/` when the source runs
 * (the in-process tests). A fixed number of `..` named a folder beside the
 * package from the source, and the entry written there loaded nothing.
 */
function installationRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "..", ".."), path.join(here, "..")];
  return candidates.find((dir) => isPermcPackage(path.join(dir, "package.json"))) ?? candidates[0]!;
}

function isPermcPackage(file: string): boolean {
  const found = readJsonObject(file);
  return "value" in found && found.value.name === "permc";
}

/** A file of this permc installation. */
function installed(rel: string): string {
  return path.join(installationRoot(), rel);
}

/** `permc/<entry>` when the project has permc installed, else this installation's file. */
function specifier(project: string, entry: string, rel: string): string {
  return existsSync(path.join(project, "node_modules", "permc", "package.json")) ? `permc/${entry}` : installed(rel);
}

/**
 * The file an entry loads, checked before anything is written: an agent that
 * cannot load it runs without permc and says nothing (OpenCode skips a plugin
 * that fails to import; node's exit 1 for a missing hook file does not block
 * in Claude Code).
 */
function missingEntry(project: string, rel: string): { error: string } | null {
  const local = path.join(project, "node_modules", "permc", "package.json");
  const file = existsSync(local) ? path.join(project, "node_modules", "permc", rel) : installed(rel);
  return existsSync(file) ? null : { error: `${file}, which the agent would load, does not exist (is permc built? npm run build)` };
}

function quote(p: string): string {
  return /^[\w./-]+$/.test(p) ? p : `'${p.replace(/'/g, "'\\''")}'`;
}
