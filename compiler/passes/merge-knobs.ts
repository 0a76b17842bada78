// Folds the root knobs of scope documents as the reference merges config files (knob by knob below).
import { DEFAULT_KNOBS, PI_SETTING_KEYS, type Knobs, type PiSettings } from "../ir.js";
import { ownKeyOrder } from "../frontend/js-key-order.js";
import type { ScopeDocument } from "../frontend/scope-document.js";

/**
 * `yoloMode`: the later file wins; `piInfrastructureReadPaths`: replaced as a
 * whole list; `shellTools`: shallow-merged by tool name. Agent documents carry
 * no knobs, so only global and project files take part.
 */
export function mergeKnobs(docs: readonly ScopeDocument[]): Knobs {
  let yoloMode = DEFAULT_KNOBS.yoloMode;
  let piInfrastructureReadPaths = DEFAULT_KNOBS.piInfrastructureReadPaths;
  const shellTools = new Map<string, Knobs["shellTools"][string]>();
  for (const doc of docs) {
    if (doc.knobs.yoloMode !== undefined) yoloMode = doc.knobs.yoloMode;
    if (doc.knobs.piInfrastructureReadPaths !== undefined) piInfrastructureReadPaths = doc.knobs.piInfrastructureReadPaths;
    for (const [name, alias] of Object.entries(doc.knobs.shellTools ?? {})) shellTools.set(name, alias);
  }
  const tools = ownKeyOrder([...shellTools.entries()].map(([key, value]) => ({ key, value })));
  return { yoloMode, piInfrastructureReadPaths, shellTools: Object.fromEntries(tools.map((t) => [t.key, t.value])) };
}

/**
 * Every Pi-side knob is replaced whole by a later file that sets it: scalars
 * replace; `permissionDialogKeys` replaces the whole map (a project map of one
 * key drops the global's other bindings); `promptNotifications` and
 * `authorizerChain` replace the whole list, so a project `[]` turns a global
 * list off. The deprecated preview caps are never used and not merged.
 *
 * Before: global `{promptNotifications:["bell"], permissionDialogKeys:{approve:"1",deny:"4"}}`,
 *         project `{promptNotifications:[], permissionDialogKeys:{deny:"d"}}`
 * After:  `{promptNotifications:[], permissionDialogKeys:{deny:"d"}}`
 */
export function mergeSettings(docs: readonly ScopeDocument[]): PiSettings {
  const out: { -readonly [K in keyof PiSettings]?: PiSettings[K] } = {};
  for (const doc of docs) {
    for (const key of PI_SETTING_KEYS) {
      const value = doc.ux[key];
      if (value !== undefined) (out as Record<string, unknown>)[key] = value;
    }
  }
  return out;
}
