import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { Knobs } from "../ir.js";
import { legacyKeyNotes } from "./legacy-keys.js";
import { describeRaw, type RawEntry, type RawValue } from "./raw-value.js";
import type { SurfaceEntry, UxKnobs } from "./scope-document.js";
import { protoWarning, strictPermission } from "./strict-permission.js";
import { suggestKey } from "./suggest-key.js";

export interface StrictConfig {
  readonly permission: readonly SurfaceEntry[];
  readonly knobs: Partial<Knobs>;
  readonly ux: UxKnobs;
}

const BOOLEAN_KNOBS = ["debugLog", "permissionReviewLog", "yoloMode", "doublePressToConfirm"] as const;
const COUNT_KNOBS = ["toolInputPreviewMaxLength", "toolTextSummaryMaxLength"] as const;
export const ROOT_KEYS: readonly string[] = ["$schema", ...BOOLEAN_KNOBS, ...COUNT_KNOBS, "piInfrastructureReadPaths", "shellTools", "permission"];

/**
 * The reference's strict schema for global and project config files: every
 * violation is reported, and any one of them rejects the whole file.
 */
export function strictConfig(root: RawValue, diags: Diagnostic[]): StrictConfig | null {
  if (root.kind !== "map") {
    diags.push(diagnostic("invalidValue", `the config must be a JSON object, found ${describeRaw(root)}`, root.span, {
      help: "write `{ \"permission\": { … } }`",
    }));
    return null;
  }
  let ok = true;
  let permission: readonly SurfaceEntry[] = [];
  const knobs: { -readonly [K in keyof Knobs]?: Knobs[K] } = {};
  const ux: { -readonly [K in keyof UxKnobs]?: UxKnobs[K] } = {};
  const fail = (d: Diagnostic) => {
    diags.push(d);
    ok = false;
  };

  for (const entry of root.entries) {
    const v = entry.value;
    const key = entry.key;
    if (key === "$schema") {
      if (v.kind === "string") ux.$schema = v.value;
      else fail(diagnostic("invalidValue", `\`$schema\` must be a string, found ${describeRaw(v)}`, v.span, {
        help: "`$schema` only points editors at the config schema; write it as a URL string or remove it",
      }));
    } else if ((BOOLEAN_KNOBS as readonly string[]).includes(key)) {
      if (v.kind === "boolean") {
        if (key === "yoloMode") knobs.yoloMode = v.value;
        else ux[key as Exclude<(typeof BOOLEAN_KNOBS)[number], "yoloMode">] = v.value;
      } else {
        fail(diagnostic("invalidValue", `${quote(key)} must be \`true\` or \`false\`, found ${describeRaw(v)}`, v.span,
          { help: v.kind === "string" && (v.value === "true" || v.value === "false") ? `write ${v.value} without quotes` : "write `true` or `false`" }));
      }
    } else if ((COUNT_KNOBS as readonly string[]).includes(key)) {
      if (v.kind === "number" && Number.isSafeInteger(v.value) && v.value >= 1) ux[key as (typeof COUNT_KNOBS)[number]] = v.value;
      else fail(diagnostic("invalidValue", `${quote(key)} must be a whole number of at least 1, found ${describeRaw(v)}`, v.span, {
        help: "write a positive whole number such as `200`, or remove the key for the default",
      }));
    } else if (key === "piInfrastructureReadPaths") {
      const paths = readPaths(entry, diags);
      if (paths) knobs.piInfrastructureReadPaths = paths;
      else ok = false;
    } else if (key === "shellTools") {
      const tools = shellTools(entry, diags);
      if (tools) knobs.shellTools = tools;
      else ok = false;
    } else if (key === "permission") {
      const p = strictPermission(v, diags);
      if (p) permission = p;
      else ok = false;
    } else {
      const suggestion = suggestKey(key, ROOT_KEYS);
      const notes = legacyKeyNotes(key);
      fail(diagnostic("unknownKey", `unknown config key ${quote(key)}`, entry.keySpan, {
        ...(suggestion && notes.length === 0 ? { help: `did you mean ${quote(suggestion)}?` } : {}),
        notes: notes.length > 0 ? notes : [`the reference accepts only ${ROOT_KEYS.map((k) => "`" + k + "`").join(", ")}`],
      }));
    }
  }
  return ok ? { permission, knobs, ux } : null;
}

function readPaths(entry: RawEntry, diags: Diagnostic[]): string[] | null {
  const v = entry.value;
  if (v.kind !== "list") {
    diags.push(diagnostic("invalidValue", `\`piInfrastructureReadPaths\` must be an array of paths, found ${describeRaw(v)}`, v.span, {
      help: "write `[\"~/.agents/skills\"]`",
    }));
    return null;
  }
  let ok = true;
  const out: string[] = [];
  for (const item of v.items) {
    if (item.kind === "string" && item.value.length > 0) out.push(item.value);
    else {
      diags.push(diagnostic("invalidValue", `each read path must be a non-empty string, found ${describeRaw(item)}`, item.span, {
        help: "list directories as strings, e.g. `\"~/.agents/skills\"`",
      }));
      ok = false;
    }
  }
  return ok ? out : null;
}

function shellTools(entry: RawEntry, diags: Diagnostic[]): Knobs["shellTools"] | null {
  const v = entry.value;
  if (v.kind !== "map") {
    diags.push(diagnostic("invalidValue", `\`shellTools\` must be an object of tool names, found ${describeRaw(v)}`, v.span, {
      help: "write `{ \"my_shell\": { \"commandArgument\": \"cmd\" } }`",
    }));
    return null;
  }
  let ok = true;
  const out: [string, { commandArgument: string; workdirArgument?: string }][] = [];
  for (const tool of v.entries) {
    if (tool.key === "") {
      diags.push(diagnostic("emptyKey", "empty tool name in `shellTools`", tool.keySpan));
      ok = false;
    }
    const alias = shellAlias(tool, diags);
    if (!alias) {
      ok = false;
      continue;
    }
    if (tool.key === "__proto__") {
      diags.push(protoWarning(tool, "surface"));
      continue;
    }
    out.push([tool.key, alias]);
  }
  return ok ? Object.fromEntries(out) : null;
}

function shellAlias(tool: RawEntry, diags: Diagnostic[]): { commandArgument: string; workdirArgument?: string } | null {
  const v = tool.value;
  if (v.kind !== "map") {
    diags.push(diagnostic("invalidValue", `shell tool ${quote(tool.key)} must be an object, found ${describeRaw(v)}`, v.span, {
      help: "write `{ \"commandArgument\": \"command\", \"workdirArgument\": \"cwd\" }`",
    }));
    return null;
  }
  let ok = true;
  let commandArgument: string | undefined;
  let workdirArgument: string | undefined;
  for (const e of v.entries) {
    if (e.key !== "commandArgument" && e.key !== "workdirArgument") {
      diags.push(diagnostic("invalidValue", `unexpected key ${quote(e.key)} in shell tool ${quote(tool.key)}`, e.keySpan, {
        help: "a shell tool has only `commandArgument` and `workdirArgument`",
      }));
      ok = false;
      continue;
    }
    if (e.value.kind !== "string" || e.value.value.length === 0) {
      diags.push(diagnostic("invalidValue", `${quote(e.key)} must be a non-empty string, found ${describeRaw(e.value)}`, e.value.span, {
        help: "name the tool's input field, e.g. `\"command\"`",
      }));
      ok = false;
      continue;
    }
    if (e.key === "commandArgument") commandArgument = e.value.value;
    else workdirArgument = e.value.value;
  }
  if (commandArgument === undefined) {
    diags.push(diagnostic("invalidValue", `shell tool ${quote(tool.key)} has no \`commandArgument\``, v.span, {
      help: "name the input field that holds the command, e.g. `\"commandArgument\": \"command\"`",
    }));
    ok = false;
  }
  if (!ok || commandArgument === undefined) return null;
  return workdirArgument === undefined ? { commandArgument } : { commandArgument, workdirArgument };
}
