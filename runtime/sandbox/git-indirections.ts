/**
 * The files git's own configuration sends it to, which it runs or reads as
 * configuration outside the sandbox later: the hooks directory
 * `core.hooksPath` names (husky's `.husky/_`), the files `include.path` and
 * `includeIf.*.path` add (followed, a few levels deep), and the scripts a
 * command-valued key runs (`core.fsmonitor = ./tools/watch.sh`,
 * `filter.x.clean`, `alias.x = !sh scripts/x.sh`). A sandboxed command that
 * rewrites one of them runs code at the person's next `git commit` or `git
 * status` (a hunt, 2026-12-07): the profile keeps them read-only.
 *
 * A reader of git's config syntax, as far as these keys need: sections
 * (`[core]`, `[includeIf "gitdir:~/w/"]`, a key after the header on its
 * line), `key = value` with quotes, escapes, comments and continued lines.
 * What it cannot read it skips: the config file itself stays read-only.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expandHome } from "../expand-home.js";
import { isFileThrough } from "./fs-probes.js";

/** The places one configuration names. */
export interface GitIndirections {
  /** Hooks directories (`core.hooksPath`). */
  readonly directories: string[];
  /** Included configuration files and the scripts command-valued keys name. */
  readonly files: string[];
}

/** Keys whose value is a command git runs (`section.key`, or `section.*.key` for one with a subsection). */
const COMMAND_KEYS: ReadonlySet<string> = new Set([
  "core.fsmonitor",
  "core.sshcommand",
  "core.editor",
  "core.pager",
  "core.askpass",
  "sequence.editor",
  "diff.external",
  "gpg.program",
  "gpg.*.program",
  "credential.helper",
  "credential.*.helper",
  "filter.*.clean",
  "filter.*.smudge",
  "filter.*.process",
  "diff.*.textconv",
  "diff.*.command",
  "merge.*.driver",
  "mergetool.*.cmd",
  "difftool.*.cmd",
  "pager.*",
  "trailer.*.cmd",
  "trailer.*.command",
  "submodule.*.update",
  "remote.*.uploadpack",
  "remote.*.receivepack",
  "core.gitproxy",
  "interactive.difffilter",
  "gpg.ssh.defaultkeycommand",
  "sendemail.sendmailcmd",
  "sendemail.smtpserver",
  "uploadpack.packobjectshook",
]);

/** Include files followed, at most, from one configuration (an include may name itself); more fails closed. */
const MAX_INCLUDES = 64;

/**
 * What the configuration files `configs` send git to, for a repository whose work tree is `workTree` (relative
 * hooks directories and scripts are read from there; an include from its file's directory). Files that cannot be
 * read name nothing.
 */
export function gitIndirections(
  configs: readonly string[],
  workTree: string,
  home: string,
  fromEnvironment: ReadonlyArray<{ key: string; value: string | null }> = [],
): GitIndirections {
  const out: GitIndirections = { directories: [], files: [] };
  const queue: Array<string | null> = [null, ...configs];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string | null;
    if (file !== null && seen.has(file)) continue;
    if (file !== null) seen.add(file);
    // More includes than permc follows: what the rest say is unknown, and git reads them all.
    if (seen.size > configs.length + MAX_INCLUDES) throw new GitConfigUnreadable(`git's configuration includes more than ${MAX_INCLUDES} files`);
    // null: the configuration git takes from the environment (`git -c`, GIT_CONFIG_COUNT), whose includes git
    // takes only when absolute.
    for (const { key, value } of file === null ? fromEnvironment : gitConfigEntries(readText(file))) {
      if (value === null) continue;
      const named = (v: string, from: string): string => path.resolve(from, expandHome(v, home, "posix"));
      if (key === "core.hookspath") out.directories.push(named(value, workTree));
      else if (key === "include.path" || /^includeif\..*\.path$/.test(key)) {
        if (file === null && !path.isAbsolute(expandHome(value, home, "posix"))) continue;
        const included = named(value, file === null ? workTree : path.dirname(file));
        out.files.push(included);
        queue.push(included);
      } else if (key === "init.templatedir") out.directories.push(named(value, workTree));
      else if (isCommandKey(key)) for (const word of pathWords(value)) out.files.push(named(word, workTree));
      // Any word of any value that names a file there now (`!sh run.sh`, `core.excludesFile`): protected as it is.
      for (const word of valueWords(value)) {
        const there = named(word, workTree);
        if (isFileThrough(there)) out.files.push(there);
      }
    }
  }
  return out;
}

/** A key whose value git runs: one of COMMAND_KEYS, or an alias (`!…` runs a shell; others name git's own commands). */
function isCommandKey(key: string): boolean {
  if (COMMAND_KEYS.has(key) || key.startsWith("alias.")) return true;
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  // `pager.log`: a section whose every key is a command.
  if (first === last) return COMMAND_KEYS.has(`${key.slice(0, first)}.*`);
  return COMMAND_KEYS.has(`${key.slice(0, first)}.*${key.slice(last)}`);
}

/** The words of a command value that name a file: ones with a slash, not an option or a URL (`!sh scripts/x.sh`). */
function pathWords(value: string): string[] {
  return valueWords(value).filter((w) => w.includes("/"));
}

/** A value's words that may name a file: not an option, a URL or empty (`!sh run.sh` gives `sh`, `run.sh`). */
function valueWords(value: string): string[] {
  const text = value.startsWith("!") ? value.slice(1) : value;
  return text
    .split(/[\s;&|()<>]+/)
    .map((w) => w.replace(/^['"]|['"]$/g, ""))
    .filter((w) => w !== "" && !w.startsWith("-") && !/^[a-z][\w+.-]*:\/\//i.test(w));
}

/**
 * `section[.subsection].key` (section and key lower-cased, as git compares them) and the value (null for a key with
 * no `=`, a boolean), in file order. Read character by character as git's own parser reads (config.c: a header
 * and a key may share a line, several headers too; a comment ends a value, and a backslash in a comment continues
 * nothing). Where git would stop at a malformed line (and so run nothing from the file), what was read so far.
 */
export function gitConfigEntries(text: string): Array<{ key: string; value: string | null }> {
  const out: Array<{ key: string; value: string | null }> = [];
  // git reads CRLF as LF, and skips a UTF-8 byte order mark at the start.
  const src = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  let i = 0;
  // Past the end git reads a newline.
  const next = (): string => {
    i++;
    return i <= src.length ? (src[i - 1] as string) : "\n";
  };
  const atEnd = (): boolean => i > src.length;
  let section: string | null = null;
  let comment = false;
  while (!atEnd()) {
    const c = next();
    if (c === "\n") {
      comment = false;
      continue;
    }
    if (comment || isSpace(c)) continue;
    if (c === "#" || c === ";") {
      comment = true;
      continue;
    }
    if (c === "[") {
      section = sectionHeader(next, atEnd);
      if (section === null) return out;
      continue;
    }
    if (!/[A-Za-z]/.test(c) || section === null) return out;
    let name = c.toLowerCase();
    let k = next();
    while (/[A-Za-z0-9-]/.test(k) && !atEnd()) {
      name += k.toLowerCase();
      k = next();
    }
    while (k === " " || k === "\t") k = next();
    if (k === "\n") {
      out.push({ key: `${section}.${name}`, value: null });
      continue;
    }
    if (k !== "=") return out;
    const value = configValue(next);
    if (value === null) return out;
    out.push({ key: `${section}.${name}`, value });
  }
  return out;
}

/** git's own isspace (git-compat-util.h): a blank, a tab, a line feed, a carriage return; not \v or \f. */
function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

/** After `[`: `name]`, `name "sub"]` (the subsection's case and escapes kept) or the old `name.sub]`; null if malformed. */
function sectionHeader(next: () => string, atEnd: () => boolean): string | null {
  let name = "";
  for (;;) {
    const c = next();
    if (atEnd()) return null;
    if (c === "]") return name;
    if (isSpace(c)) {
      let d = c;
      while (isSpace(d)) {
        if (d === "\n") return null;
        d = next();
      }
      if (d !== '"') return null;
      let sub = "";
      for (;;) {
        let e = next();
        if (e === "\n") return null;
        if (e === '"') break;
        if (e === "\\") {
          e = next();
          if (e === "\n") return null;
        }
        sub += e;
      }
      return next() === "]" ? `${name}.${sub}` : null;
    }
    if (!/[A-Za-z0-9.-]/.test(c)) return null;
    name += c.toLowerCase();
  }
}

/**
 * A value after `=`, up to and with its line's end, as git reads it: quotes removed, escapes read (`\\n`, `\\t`,
 * `\\b`, `\\\\`, `\\"`; any other is an error), a backslash before the line's end continuing it, a comment (`#`, `;`
 * outside quotes) cut to the line's end; outside quotes each blank between words is one space, and blanks at either
 * end go. Null where git stops (a bad escape, a quote left open).
 */
function configValue(next: () => string): string | null {
  let out = "";
  let quoted = false;
  let comment = false;
  let spaces = 0;
  for (;;) {
    let c = next();
    if (c === "\n") return quoted ? null : out;
    if (comment) continue;
    if (!quoted && isSpace(c)) {
      if (out !== "") spaces++;
      continue;
    }
    if (!quoted && (c === "#" || c === ";")) {
      comment = true;
      continue;
    }
    out += " ".repeat(spaces);
    spaces = 0;
    if (c === "\\") {
      c = next();
      if (c === "\n") continue;
      const escaped = ESCAPES[c];
      if (escaped === undefined) return null;
      out += escaped;
    } else if (c === '"') quoted = !quoted;
    else out += c;
  }
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", b: "\b", "\\": "\\", '"': '"' };

/** Configuration files larger than this are not read (a command could make one endless: `include.path = /dev/zero`). */
const MAX_CONFIG_BYTES = 1 << 20;

/**
 * A configuration file's text: a regular file only (a FIFO or a device an include names would block or never end),
 * "" when there is none. One past the size bound throws: what it says cannot be known (the caller fails closed).
 */
function readText(p: string): string {
  let stats: ReturnType<typeof statSync> | undefined;
  try {
    stats = statSync(p);
  } catch {
    return "";
  }
  if (!stats.isFile()) {
    if (stats.isDirectory()) return "";
    throw new GitConfigUnreadable(`${p}, which git reads as configuration, is no regular file`);
  }
  if (stats.size > MAX_CONFIG_BYTES) throw new GitConfigUnreadable(`${p}, which git reads as configuration, is larger than ${MAX_CONFIG_BYTES} bytes`);
  try {
    return readFileSync(p, "utf8");
  } catch {
    return "";
  }
}

/** Git's configuration sends it where permc cannot follow: the profile is not built, and nothing runs. */
export class GitConfigUnreadable extends Error {}

/**
 * The configuration git takes from its environment: `GIT_CONFIG_COUNT` with `GIT_CONFIG_KEY_n` and
 * `GIT_CONFIG_VALUE_n`, and `GIT_CONFIG_PARAMETERS` (what `git -c key=value` hands the commands and hooks it runs:
 * `'key'='value'` pairs, or the older `'key=value'`). Keys as gitConfigEntries gives them: section and name lower-cased.
 */
export function environmentConfigEntries(env: NodeJS.ProcessEnv): Array<{ key: string; value: string | null }> {
  const out: Array<{ key: string; value: string | null }> = [];
  const count = Number(env.GIT_CONFIG_COUNT ?? "0");
  for (let n = 0; Number.isInteger(count) && n < Math.min(count, MAX_ENVIRONMENT_ENTRIES); n++) {
    const key = env[`GIT_CONFIG_KEY_${n}`];
    if (key !== undefined) out.push({ key: canonicalKey(key), value: env[`GIT_CONFIG_VALUE_${n}`] ?? null });
  }
  const quoted = /'((?:[^']|'\\'')*)'(?:=('(?:[^']|'\\'')*'))?/g;
  const unquote = (q: string): string => q.replaceAll("'\\''", "'");
  for (const m of (env.GIT_CONFIG_PARAMETERS ?? "").matchAll(quoted)) {
    const first = unquote(m[1] as string);
    if (m[2] !== undefined) out.push({ key: canonicalKey(first), value: unquote((m[2] as string).slice(1, -1)) });
    else {
      const eq = first.indexOf("=");
      out.push(eq === -1 ? { key: canonicalKey(first), value: null } : { key: canonicalKey(first.slice(0, eq)), value: first.slice(eq + 1) });
    }
  }
  return out;
}

/** Entries read from the environment, at most (GIT_CONFIG_COUNT is the environment's to set). */
const MAX_ENVIRONMENT_ENTRIES = 1000;

/** `Section.Sub.Name` as git compares it: the section and the name lower-cased, a subsection kept. */
function canonicalKey(key: string): string {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first === -1) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}
