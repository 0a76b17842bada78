import { readFileSync } from "node:fs";
import path from "node:path";
import { diagnostic, quote, type Diagnostic } from "../compiler/diagnostics/index.js";
import type { SourceInput, SourceKind } from "../compiler/frontend/source.js";
import { collectIncludes, declaredScope } from "../compiler/frontend/perm/perm-dsl-includes.js";
import { SCOPES, type Scope } from "../compiler/ir.js";
import { filesRead, refuseOutputOverInput } from "./output-over-input.js";
import { UsageError } from "./usage.js";

export interface InputSpec {
  readonly file: string;
  /** Explicit scope from --global/--project/--agent/--project-agent; otherwise derived from the kind. */
  readonly scope?: Scope;
}

const SCOPE_FLAGS: Readonly<Record<string, Scope>> = {
  "--global": "global",
  "--project": "project",
  "--agent": "agent",
  "--project-agent": "project-agent",
};
export const SCOPE_FLAG_NAMES = Object.keys(SCOPE_FLAGS);

/** Pulls `--global F` style pairs out of argv; the rest is returned for parseArgs. */
export function extractScopedInputs(argv: readonly string[]): { specs: InputSpec[]; rest: string[] } {
  const specs: InputSpec[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const scope = SCOPE_FLAGS[flag];
    if (scope) {
      const file = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (file === undefined || file.startsWith("-")) throw new UsageError(`${flag} needs a file`);
      specs.push({ file, scope });
    } else {
      rest.push(arg);
    }
  }
  return { specs, rest };
}

export function kindOf(file: string): SourceKind | null {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".json" || ext === ".jsonc") return "pi-json";
  if (ext === ".md") return "agent-md";
  if (ext === ".perm") return "perm-dsl";
  return null;
}

/** Why a file could not be read, in words. */
export function readFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "it is a directory";
  return code ?? String(e);
}

/** A file's text, or null with an `unreadable-input` diagnostic. */
export function readPolicyFile(file: string, diagnostics: Diagnostic[]): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    diagnostics.push(diagnostic("unreadableInput", `cannot read ${quote(file)}: ${readFailure(e)}`));
    return null;
  }
}

/** Reads each input; files that cannot be read become diagnostics, never exceptions. */
export function readInputs(specs: readonly InputSpec[]): { inputs: SourceInput[]; diagnostics: Diagnostic[] } {
  const inputs: SourceInput[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const spec of specs) {
    const kind = kindOf(spec.file);
    if (!kind) {
      diagnostics.push(diagnostic("unknownInputKind", `cannot tell what kind of policy ${quote(spec.file)} is`));
      continue;
    }
    const text = readPolicyFile(spec.file, diagnostics);
    if (text === null) continue;
    if (kind === "perm-dsl") {
      // A .perm file names its own scope (`scope project`); an explicit flag that disagrees is reported by the reader.
      const declared = declaredScope(text);
      const scope = spec.scope ?? ((SCOPES as readonly string[]).includes(declared ?? "") ? (declared as Scope) : "global");
      inputs.push({ file: spec.file, text, scope, kind, includes: collectIncludes(spec.file, text, (f) => readFileSync(f, "utf8")) });
      continue;
    }
    const scope = spec.scope ?? (kind === "agent-md" ? "agent" : "global");
    inputs.push({ file: spec.file, text, scope, kind });
  }
  // The reference folds scopes from global to project-agent whatever order they are named in.
  const rank = (s: Scope) => SCOPES.indexOf(s);
  inputs.sort((a, b) => rank(a.scope) - rank(b.scope));
  return { inputs, diagnostics };
}

/**
 * The policies a command names (positional files, then `--global`-style
 * scoped ones), read; an output that is one of them, or none named, is bad
 * usage, refused before anything is read or written.
 */
export function readNamedInputs(
  positionals: readonly string[],
  specs: readonly InputSpec[],
  out: string | undefined,
): { inputs: SourceInput[]; diagnostics: Diagnostic[] } {
  const all = [...positionals.map((file) => ({ file })), ...specs];
  if (all.length === 0) throw new UsageError("name at least one policy file");
  const read = readInputs(all);
  if (out !== undefined)
    refuseOutputOverInput(
      out,
      filesRead(
        all.map((s) => s.file),
        read.inputs,
      ),
    );
  return read;
}
