import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import { isAction } from "../../runtime/action.js";
import { actionHelp } from "./action.js";
import { describeRaw, type RawEntry, type RawMap, type RawValue } from "./raw-value.js";
import { suggestKey } from "./suggest-key.js";
import { surfaceTypo } from "./surface-typo.js";
import type { PatternEntry, SurfaceEntry, SurfaceValue } from "./scope-document.js";
import { universalMapWarning } from "./universal-map-warning.js";
import { misspelledDirectionalKey } from "./directional-key.js";

/** The reference's schema limit on a deny reason, in UTF-16 code units. */
export const MAX_REASON_LENGTH = 500;

/**
 * Checks a global/project `permission` value the way the reference's schema
 * does, reporting every violation. Returns the entries the reference would
 * keep, or null if the value is rejected.
 */
export function strictPermission(value: RawValue, diags: Diagnostic[]): SurfaceEntry[] | null {
  if (value.kind !== "map") {
    diags.push(
      diagnostic("invalidValue", `\`permission\` must be an object of surfaces, found ${describeRaw(value)}`, value.span, {
        help: 'write `"permission": { "*": "ask", "bash": { … } }`',
      }),
    );
    return null;
  }
  let ok = true;
  const out: SurfaceEntry[] = [];
  for (const entry of value.entries) {
    if (entry.key === "") {
      diags.push(diagnostic("emptyKey", "empty surface name", entry.keySpan, { notes: ["the reference rejects the file: a surface key must not be empty"] }));
      ok = false;
    }
    const misspelled = misspelledDirectionalKey(entry.key, entry.keySpan);
    if (misspelled) {
      diags.push(misspelled);
      ok = false;
    }
    const typo = surfaceTypo(entry.key, entry.keySpan);
    if (typo) diags.push(typo);
    const surfaceValue = strictSurfaceValue(entry, diags);
    if (!surfaceValue) {
      ok = false;
      continue;
    }
    if (entry.key === "__proto__") {
      diags.push(protoWarning(entry, "surface"));
      continue;
    }
    if (entry.key === "*" && surfaceValue.kind === "map") diags.push(universalMapWarning(entry.keySpan, surfaceValue));
    out.push({ surface: entry.key, value: surfaceValue, keySpan: entry.keySpan, valueSpan: entry.value.span });
  }
  return ok ? out : null;
}

function strictSurfaceValue(entry: RawEntry, diags: Diagnostic[]): SurfaceValue | null {
  const v = entry.value;
  if (v.kind === "string") {
    if (isAction(v.value)) return { kind: "action", action: v.value };
    diags.push(invalidAction(v.value, v.span));
    return null;
  }
  if (v.kind !== "map") {
    diags.push(
      diagnostic("invalidValue", `surface ${quote(entry.key)} must be an action or an object of patterns, found ${describeRaw(v)}`, v.span, {
        help: 'write an action such as `"ask"`, or patterns such as `{ "*": "ask", "git *": "allow" }`',
      }),
    );
    return null;
  }
  let ok = true;
  const patterns: PatternEntry[] = [];
  for (const p of v.entries) {
    if (p.key === "") {
      diags.push(
        diagnostic("emptyKey", `empty pattern under ${quote(entry.key)}`, p.keySpan, {
          help: "an empty pattern matches only an empty value; use `*` for everything",
        }),
      );
      ok = false;
    }
    const pattern = strictPatternValue(p, diags);
    if (!pattern) {
      ok = false;
      continue;
    }
    if (p.key === "__proto__") {
      diags.push(protoWarning(p, "pattern"));
      continue;
    }
    patterns.push({ pattern: p.key, ...pattern, keySpan: p.keySpan, valueSpan: p.value.span });
  }
  return ok ? { kind: "map", patterns } : null;
}

function strictPatternValue(entry: RawEntry, diags: Diagnostic[]): { action: PatternEntry["action"]; reason?: string } | null {
  const v = entry.value;
  if (v.kind === "string") {
    if (isAction(v.value)) return { action: v.value };
    diags.push(invalidAction(v.value, v.span));
    return null;
  }
  if (v.kind === "map") return strictDenyObject(v, diags);
  diags.push(
    diagnostic("invalidValue", `pattern ${quote(entry.key)} must map to an action, found ${describeRaw(v)}`, v.span, {
      help: 'write `"allow"`, `"ask"`, `"deny"` or `{ "action": "deny", "reason": "…" }`',
    }),
  );
  return null;
}

function strictDenyObject(map: RawMap, diags: Diagnostic[]): { action: "deny"; reason?: string } | null {
  let ok = true;
  let reason: string | undefined;
  const action = map.entries.find((e) => e.key === "action");
  if (!action) {
    diags.push(
      diagnostic("invalidValue", "this object has no `action`", map.span, {
        help: 'the only object form is `{ "action": "deny", "reason": "…" }`',
      }),
    );
    ok = false;
  } else if (action.value.kind === "string" && (action.value.value === "allow" || action.value.value === "ask")) {
    diags.push(
      diagnostic("invalidReason", `only \`deny\` can be written as an object, not ${quote(action.value.value)}`, action.value.span, {
        help: `write the plain string ${quote(action.value.value)}; a reason is shown only when a call is denied`,
      }),
    );
    ok = false;
  } else if (action.value.kind !== "string" || action.value.value !== "deny") {
    diags.push(
      action.value.kind === "string"
        ? invalidAction(action.value.value, action.value.span)
        : diagnostic("invalidAction", `\`action\` must be \`"deny"\`, found ${describeRaw(action.value)}`, action.value.span, {
            help: 'the only object form is `{ "action": "deny", "reason": "…" }`',
          }),
    );
    ok = false;
  }
  for (const e of map.entries) {
    if (e.key === "action") continue;
    if (e.key === "reason") {
      if (e.value.kind !== "string") {
        diags.push(
          diagnostic("invalidReason", `\`reason\` must be a string, found ${describeRaw(e.value)}`, e.value.span, {
            help: "write the reason as a string; it is shown to the agent when the call is denied",
          }),
        );
        ok = false;
      } else if (e.value.value.length > MAX_REASON_LENGTH) {
        diags.push(diagnostic("reasonTooLong", `reason is ${e.value.value.length} characters long, over the limit of ${MAX_REASON_LENGTH}`, e.value.span));
        ok = false;
      } else {
        reason = e.value.value;
      }
      continue;
    }
    const near = suggestKey(e.key, ["action", "reason"]);
    diags.push(
      diagnostic("invalidValue", `unexpected key ${quote(e.key)} in a deny object`, e.keySpan, {
        help: `${near !== undefined ? `did you mean ${quote(near)}? ` : ""}a deny object has only \`action\` and \`reason\``,
      }),
    );
    ok = false;
  }
  if (!ok) return null;
  return reason === undefined ? { action: "deny" } : { action: "deny", reason };
}

export function invalidAction(text: string, span: RawValue["span"]): Diagnostic {
  return diagnostic("invalidAction", `${quote(text)} is not an action`, span, actionHelp(text) ? { help: actionHelp(text) } : {});
}

export function protoWarning(entry: RawEntry, what: "surface" | "pattern"): Diagnostic {
  return diagnostic("protoKey", `${what} key \`__proto__\` is dropped`, entry.keySpan, {
    notes: ["JavaScript treats `__proto__` as the object's prototype, so the reference never sees this entry"],
  });
}
