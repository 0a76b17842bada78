// Claude Code's Read/Edit specifiers are gitignore-style paths; permc path
// patterns are flat wildcards where `*` crosses `/`. This turns one into the
// other and says, per pattern, where the two stop agreeing.

export interface PathTranslation {
  /** Patterns whose union stands for the source pattern. */
  readonly patterns: string[];
  /** Why the union is not exactly the source's set of paths (empty when it is). */
  readonly inexact: string[];
  /** The reasons in `inexact` under which some path the source matches is not matched here (not merely extra paths matched). */
  readonly missing: string[];
  /** The reasons in `inexact` that add only paths outside the project, which the external_directory gate still asks about. */
  readonly outside: string[];
  /** Assumptions made about where a relative pattern is rooted. */
  readonly assumed: string[];
}

/**
 * Anchoring: `//x` is absolute, `~/x` is under home, `/x` is relative to the
 * settings file's project and `./x` or a path with an inner `/` to the working
 * directory (both taken to be the working directory: permc's path tools also
 * see the cwd-relative spelling of every path), and a bare name such as
 * `.env` or `*.key` matches at any depth.
 */
export function translateGitignorePath(spec: string): PathTranslation {
  const inexact: string[] = [];
  const assumed: string[] = [];
  let body: string;
  let anyDepth = false;
  if (spec.startsWith("//")) body = spec.slice(1);
  else if (spec === "~" || spec.startsWith("~/")) body = spec;
  else if (spec.startsWith("/")) {
    body = spec.slice(1);
    assumed.push("`/path` is relative to the settings file's project: taken as the working directory");
  } else if (spec.startsWith("./")) body = spec.slice(2);
  else {
    body = spec;
    anyDepth = !spec.replace(/\/+$/, "").includes("/");
  }
  // A trailing slash names a directory: everything inside it.
  if (body.endsWith("/")) body += "**";
  if (body === "") body = "**";

  // `**/*.ts`: any depth, then one star in the last name: a crossing star says the same.
  const probe = body.replace(/(^|\/)\*\*\/\*([^*/]*)$/, "$1**/$2");
  if (/(^|[^*])\*([^*]|$)/.test(probe)) inexact.push("`*` here also crosses `/` (gitignore's stays inside one directory): matches more paths");
  if (body.includes("?")) inexact.push("`?` here also matches `/`: matches more paths");
  const missing: string[] = [];
  if (/\[.*\]/.test(body)) missing.push("`[...]` is literal here (a character class in gitignore): matches other paths");
  inexact.push(...missing);

  // `**/` matches zero or more directories: once with it gone, once with a star.
  let variants = [body];
  while (variants.some((v) => v.includes("**/"))) {
    variants = variants.flatMap((v) => {
      const at = v.indexOf("**/");
      return at < 0 ? [v] : [v.slice(0, at) + v.slice(at + 3), v.slice(0, at) + "*/" + v.slice(at + 3)];
    });
  }
  if (anyDepth) variants = variants.flatMap((v) => (v.startsWith("*") ? [v] : [v, "*/" + v]));
  const patterns = [...new Set(variants.map((v) => v.replace(/\*{2,}/g, "*")).filter((v) => v !== ""))];
  // A project-rooted pattern that now starts with a star no longer stays in the project.
  const outside: string[] = [];
  if (!anyDepth && !spec.startsWith("//") && !spec.startsWith("~") && patterns.some((p) => p.startsWith("*"))) {
    outside.push("rooted at the project in Claude, but a leading `*` here also matches paths outside it (the external_directory gate still asks for those)");
  }
  inexact.push(...outside);
  return { patterns, inexact, missing, outside, assumed };
}
