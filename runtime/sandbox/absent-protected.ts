import { existsSync } from "node:fs";
import path from "node:path";
import { isInside } from "../paths/inside.js";
import { RANK } from "./plan-mounts.js";
import type { Placeholder } from "./profile-types.js";
import type { GitIndirections } from "./git-indirections.js";
import { isDirectory, isThere } from "./fs-probes.js";
import { ABSENT_FORMS, type AbsentForm, PROTECTED_HOME_PATHS, PROTECTED_PROJECT_PATHS } from "./writable-defaults.js";
import { cachedCode } from "./cached-code.js";
import { type Context, canonical, widenedByRule } from "./profile-context.js";

/**
 * The protected paths that are not there in a directory the command may write (a rule's or a grant's included):
 * each becomes a placeholder, mounted read-only, or is watched (writable-defaults.ts ABSENT_FORMS). A home path or
 * a directory on PATH is made with its parents (`~/.config/fish`, `node_modules/.bin`); a project's only in a directory that is there
 * (`.git/hooks` in a `.git` directory, not a `.git` a command's `git init` is about to make).
 */
export function absentProtected(
  ctx: Context,
  writable: readonly string[],
  onPath: readonly string[],
  gitPlaces: GitIndirections,
  env: NodeJS.ProcessEnv,
): { placeholders: Placeholder[]; watched: string[] } {
  const candidates: Array<{ p: string; form: AbsentForm; withParents: boolean }> = [
    ...PROTECTED_HOME_PATHS.map((h) => ({ p: path.join(ctx.home, h), form: absentForm(h), withParents: true })),
    ...cachedCode(ctx.home, env, ctx.tmpDir).map((p) => ({ p, form: "directory" as const, withParents: true })),
    ...PROTECTED_PROJECT_PATHS.map((h) => ({ p: path.join(ctx.cwd, h), form: absentForm(h), withParents: false })),
    // A directory on PATH with its parents, where the command may write them: `mkdir -p node_modules/.bin` and a `node`
    // planted there ran at the hook's next bare `node`. npm puts every ancestor's `node_modules/.bin` on the PATH of
    // what it runs: those in the read-only home need nothing made (nothing can be made there).
    ...onPath.map((p) => ({ p, form: "directory" as const, withParents: true })),
    // An empty configuration sets nothing, and an empty script does nothing.
    ...gitPlaces.directories.map((p) => ({ p, form: "directory" as const, withParents: true })),
    ...gitPlaces.files.map((p) => ({ p, form: "empty-file" as const, withParents: false })),
  ];
  const placeholders: Placeholder[] = [];
  const watched: string[] = [];
  for (const { p, form, withParents } of candidates) {
    // Anything there is the existing paths' business (addExisting, linkNotes); a link that leads nowhere yet, too,
    // though what a command makes at its target is not protected.
    if (isThere(p)) {
      if (!existsSync(p) && writable.some((w) => isInside(w, canonical(path.dirname(p)))))
        ctx.notes.push(`${p} is a link to nothing: what the command makes where it leads is not protected`);
      continue;
    }
    const c = canonical(p);
    if (!writable.some((w) => isInside(w, c)) || widenedByRule(ctx, c) || placeholders.some((h) => h.path === c) || watched.includes(c)) continue;
    if (!withParents && !isDirectory(path.dirname(c))) {
      ctx.notes.push(`${c} is not there: it is protected only once it exists, and this command may create it`);
      continue;
    }
    if (form === "watched") {
      watched.push(c);
      continue;
    }
    placeholders.push({ path: c, kind: form === "directory" ? "directory" : "file", within: deepestDirectory(c) });
    ctx.plan.add("read-only", c, "protected, not there: made empty for the command", RANK.protectedReadOnly);
  }
  return { placeholders, watched };
}

export function absentForm(relative: string): AbsentForm {
  const form = ABSENT_FORMS[relative];
  if (form === undefined) throw new Error(`no absent form for the protected path ${relative} (writable-defaults.ts)`);
  return form;
}

/** The nearest ancestor of `p` that is a directory now. */
function deepestDirectory(p: string): string {
  let d = path.dirname(p);
  while (!isDirectory(d) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}
