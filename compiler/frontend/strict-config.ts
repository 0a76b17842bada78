import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import { DIALOG_DECISIONS, NOTIFICATION_CHANNELS, type Knobs } from "../ir.js";
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

type Mutable<T> = { -readonly [K in keyof T]?: T[K] };

const BOOLEAN_KNOBS = ["debugLog", "permissionReviewLog", "yoloMode", "doublePressToConfirm"] as const;
/** Whole numbers of at least 1 (reference 25.1.0, 25.3.0, 26.0.0). */
const COUNT_KNOBS = ["forwardingTimeoutMs", "promptMaxRows", "promptFieldMaxWidth", "reviewLogFieldMaxWidth"] as const;
/** Still validated like counts, but ignored since reference 26.0.0. */
const DEPRECATED_COUNT_KNOBS = ["toolInputPreviewMaxLength", "toolTextSummaryMaxLength"] as const;
const DEPRECATED_REPLACEMENT: Readonly<Record<(typeof DEPRECATED_COUNT_KNOBS)[number], string>> = {
  toolInputPreviewMaxLength: "`promptFieldMaxWidth` (prompt fields) and `reviewLogFieldMaxWidth` (review log)",
  toolTextSummaryMaxLength: "`promptFieldMaxWidth` (prompt fields) and `reviewLogFieldMaxWidth` (review log)",
};
export const ROOT_KEYS: readonly string[] = [
  "$schema",
  ...BOOLEAN_KNOBS,
  "permissionDialogKeys",
  "promptNotifications",
  ...COUNT_KNOBS,
  ...DEPRECATED_COUNT_KNOBS,
  "piInfrastructureReadPaths",
  "authorizerChain",
  "shellTools",
  "permission",
];

/**
 * The reference's strict schema for global and project config files: every
 * violation is reported, and any one of them rejects the whole file.
 */
export function strictConfig(root: RawValue, diags: Diagnostic[]): StrictConfig | null {
  if (root.kind !== "map") {
    diags.push(
      diagnostic("invalidValue", `the config must be a JSON object, found ${describeRaw(root)}`, root.span, {
        help: 'write `{ "permission": { … } }`',
      }),
    );
    return null;
  }
  let ok = true;
  let permission: readonly SurfaceEntry[] = [];
  const knobs: Mutable<Knobs> = {};
  const ux: Mutable<UxKnobs> = {};
  const fail = (d: Diagnostic) => {
    diags.push(d);
    ok = false;
  };

  for (const entry of root.entries) {
    const v = entry.value;
    const key = entry.key;
    if (key === "$schema") {
      if (v.kind === "string") ux.$schema = v.value;
      else
        fail(
          diagnostic("invalidValue", `\`$schema\` must be a string, found ${describeRaw(v)}`, v.span, {
            help: "`$schema` only points editors at the config schema; write it as a URL string or remove it",
          }),
        );
    } else if ((BOOLEAN_KNOBS as readonly string[]).includes(key)) {
      if (v.kind === "boolean") {
        if (key === "yoloMode") knobs.yoloMode = v.value;
        else ux[key as Exclude<(typeof BOOLEAN_KNOBS)[number], "yoloMode">] = v.value;
      } else {
        fail(
          diagnostic("invalidValue", `${quote(key)} must be \`true\` or \`false\`, found ${describeRaw(v)}`, v.span, {
            help: v.kind === "string" && (v.value === "true" || v.value === "false") ? `write ${v.value} without quotes` : "write `true` or `false`",
          }),
        );
      }
    } else if ((COUNT_KNOBS as readonly string[]).includes(key) || (DEPRECATED_COUNT_KNOBS as readonly string[]).includes(key)) {
      const count = readCount(entry, diags);
      if (count === null) ok = false;
      else ux[key as (typeof COUNT_KNOBS)[number] | (typeof DEPRECATED_COUNT_KNOBS)[number]] = count;
      if (count !== null && (DEPRECATED_COUNT_KNOBS as readonly string[]).includes(key)) {
        diags.push(
          diagnostic("deprecatedKey", `${quote(key)} has no effect`, entry.keySpan, {
            notes: [
              `pi-permission-system 26.0.0 replaced it with ${DEPRECATED_REPLACEMENT[key as (typeof DEPRECATED_COUNT_KNOBS)[number]]}; it still rejects a value that is not a whole number of at least 1`,
            ],
          }),
        );
      }
    } else if (key === "permissionDialogKeys") {
      const keys = dialogKeys(entry, diags);
      if (keys) ux.permissionDialogKeys = keys;
      else ok = false;
    } else if (key === "promptNotifications") {
      const channels = notificationChannels(entry, diags);
      if (channels) ux.promptNotifications = channels;
      else ok = false;
    } else if (key === "piInfrastructureReadPaths") {
      const paths = nonEmptyStrings(entry, diags, {
        what: "read path",
        example: '["~/.agents/skills"]',
        items: 'list directories as strings, e.g. `"~/.agents/skills"`',
      });
      if (paths) knobs.piInfrastructureReadPaths = paths;
      else ok = false;
    } else if (key === "authorizerChain") {
      const links = nonEmptyStrings(entry, diags, {
        what: "authorizer link name",
        example: '["model-judge"]',
        items: 'name each link as a string, e.g. `"model-judge"`',
      });
      if (links) ux.authorizerChain = links;
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
      fail(unknownRootKey(entry));
    }
  }
  return ok ? { permission, knobs, ux } : null;
}

/** A key that only holds a note (`_comment`, `//`, `#note`): say where a note can live instead. */
function isNoteKey(key: string): boolean {
  return /^(_|\/\/|#)/.test(key) || /comment|note/i.test(key);
}

function unknownRootKey(entry: RawEntry): Diagnostic {
  const key = entry.key;
  const notes = legacyKeyNotes(key);
  if (notes.length > 0) return diagnostic("unknownKey", `unknown config key ${quote(key)}`, entry.keySpan, { notes });
  const suggestion = suggestKey(key, ROOT_KEYS);
  const accepted = `the reference accepts only ${ROOT_KEYS.map((k) => "`" + k + "`").join(", ")}`;
  if (isNoteKey(key) && !suggestion) {
    return diagnostic("unknownKey", `unknown config key ${quote(key)}`, entry.keySpan, {
      help: "keep the note as a comment instead: `// …` in a `.jsonc` config (permc and the reference strip comments) or `# …` in a `.perm` policy",
      notes: ["the reference's schema rejects every key it does not know, so this note makes it ignore the whole file", accepted],
    });
  }
  return diagnostic("unknownKey", `unknown config key ${quote(key)}`, entry.keySpan, {
    ...(suggestion ? { help: `did you mean ${quote(suggestion)}?` } : {}),
    notes: [accepted],
  });
}

function readCount(entry: RawEntry, diags: Diagnostic[]): number | null {
  const v = entry.value;
  if (v.kind === "number" && Number.isSafeInteger(v.value) && v.value >= 1) return v.value;
  diags.push(
    diagnostic("invalidValue", `${quote(entry.key)} must be a whole number of at least 1, found ${describeRaw(v)}`, v.span, {
      help: "write a positive whole number such as `200`, or remove the key for the default",
    }),
  );
  return null;
}

function dialogKeys(entry: RawEntry, diags: Diagnostic[]): UxKnobs["permissionDialogKeys"] | null {
  const v = entry.value;
  if (v.kind !== "map") {
    diags.push(
      diagnostic("invalidValue", `\`permissionDialogKeys\` must be an object, found ${describeRaw(v)}`, v.span, {
        help: 'write `{ "approve": "1", "deny": "4" }`',
      }),
    );
    return null;
  }
  let ok = true;
  const out: Mutable<Record<(typeof DIALOG_DECISIONS)[number], string>> = {};
  const usedBy = new Map<string, string>();
  for (const e of v.entries) {
    if (!(DIALOG_DECISIONS as readonly string[]).includes(e.key)) {
      const near = suggestKey(e.key, DIALOG_DECISIONS);
      diags.push(
        diagnostic("invalidValue", `unknown dialog decision ${quote(e.key)}`, e.keySpan, {
          help: near ? `did you mean ${quote(near)}?` : `the decisions are ${DIALOG_DECISIONS.map((d) => "`" + d + "`").join(", ")}`,
        }),
      );
      ok = false;
      continue;
    }
    if (e.value.kind !== "string") {
      diags.push(
        diagnostic("invalidValue", `the key for ${quote(e.key)} must be a string, found ${describeRaw(e.value)}`, e.value.span, {
          help: 'write the key as a one-character string, e.g. `"1"`',
        }),
      );
      ok = false;
      continue;
    }
    const problem = unusableBinding(e.value.value, usedBy.get(e.value.value));
    if (problem) {
      // Not a config error in the reference: the decision keeps its default key and a warning is shown.
      diags.push(
        diagnostic("unusableDialogKey", `${quote(e.value.value)} cannot be the key for ${quote(e.key)}: ${problem}`, e.value.span, {
          notes: ["the reference keeps this decision's default key"],
        }),
      );
    } else {
      usedBy.set(e.value.value, e.key);
    }
    out[e.key as (typeof DIALOG_DECISIONS)[number]] = e.value.value;
  }
  return ok ? out : null;
}

function unusableBinding(key: string, takenBy: string | undefined): string | null {
  if ([...key].length !== 1 || /[\p{C}\s]/u.test(key)) return "a key is one printable character";
  if (key === "j" || key === "k") return "`j` and `k` move the selection";
  if (/\p{Lu}/u.test(key)) return "uppercase letters are not bindable";
  if (takenBy !== undefined) return `it is already the key for ${quote(takenBy)}`;
  return null;
}

function notificationChannels(entry: RawEntry, diags: Diagnostic[]): UxKnobs["promptNotifications"] | null {
  const v = entry.value;
  if (v.kind !== "list") {
    diags.push(
      diagnostic("invalidValue", `\`promptNotifications\` must be an array of channels, found ${describeRaw(v)}`, v.span, {
        help: 'write `["bell"]`, or `[]` for none',
      }),
    );
    return null;
  }
  let ok = true;
  const out: (typeof NOTIFICATION_CHANNELS)[number][] = [];
  for (const item of v.items) {
    if (item.kind === "string" && (NOTIFICATION_CHANNELS as readonly string[]).includes(item.value)) {
      out.push(item.value as (typeof NOTIFICATION_CHANNELS)[number]);
      continue;
    }
    const near = item.kind === "string" ? suggestKey(item.value, NOTIFICATION_CHANNELS) : undefined;
    diags.push(
      diagnostic("invalidValue", `unknown notification channel: ${describeRaw(item)}`, item.span, {
        help: near ? `did you mean ${quote(near)}?` : `the channels are ${NOTIFICATION_CHANNELS.map((c) => "`" + c + "`").join(", ")}`,
      }),
    );
    ok = false;
  }
  return ok ? out : null;
}

function nonEmptyStrings(entry: RawEntry, diags: Diagnostic[], words: { what: string; example: string; items: string }): string[] | null {
  const v = entry.value;
  if (v.kind !== "list") {
    diags.push(
      diagnostic("invalidValue", `${quote(entry.key)} must be an array of strings, found ${describeRaw(v)}`, v.span, {
        help: `write \`${words.example}\``,
      }),
    );
    return null;
  }
  let ok = true;
  const out: string[] = [];
  for (const item of v.items) {
    if (item.kind === "string" && item.value.length > 0) out.push(item.value);
    else {
      diags.push(
        diagnostic("invalidValue", `each ${words.what} must be a non-empty string, found ${describeRaw(item)}`, item.span, {
          help: words.items,
        }),
      );
      ok = false;
    }
  }
  return ok ? out : null;
}

function shellTools(entry: RawEntry, diags: Diagnostic[]): Knobs["shellTools"] | null {
  const v = entry.value;
  if (v.kind !== "map") {
    diags.push(
      diagnostic("invalidValue", `\`shellTools\` must be an object of tool names, found ${describeRaw(v)}`, v.span, {
        help: 'write `{ "my_shell": { "commandArgument": "cmd" } }`',
      }),
    );
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
    diags.push(
      diagnostic("invalidValue", `shell tool ${quote(tool.key)} must be an object, found ${describeRaw(v)}`, v.span, {
        help: 'write `{ "commandArgument": "command", "workdirArgument": "cwd" }`',
      }),
    );
    return null;
  }
  let ok = true;
  let commandArgument: string | undefined;
  let workdirArgument: string | undefined;
  for (const e of v.entries) {
    if (e.key !== "commandArgument" && e.key !== "workdirArgument") {
      diags.push(
        diagnostic("invalidValue", `unexpected key ${quote(e.key)} in shell tool ${quote(tool.key)}`, e.keySpan, {
          help: "a shell tool has only `commandArgument` and `workdirArgument`",
        }),
      );
      ok = false;
      continue;
    }
    if (e.value.kind !== "string" || e.value.value.length === 0) {
      diags.push(
        diagnostic("invalidValue", `${quote(e.key)} must be a non-empty string, found ${describeRaw(e.value)}`, e.value.span, {
          help: 'name the tool\'s input field, e.g. `"command"`',
        }),
      );
      ok = false;
      continue;
    }
    if (e.key === "commandArgument") commandArgument = e.value.value;
    else workdirArgument = e.value.value;
  }
  if (commandArgument === undefined) {
    diags.push(
      diagnostic("invalidValue", `shell tool ${quote(tool.key)} has no \`commandArgument\``, v.span, {
        help: 'name the input field that holds the command, e.g. `"commandArgument": "command"`',
      }),
    );
    ok = false;
  }
  if (!ok || commandArgument === undefined) return null;
  return workdirArgument === undefined ? { commandArgument } : { commandArgument, workdirArgument };
}
