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
export function gitIndirections(configs: readonly string[], workTree: string, home: string): GitIndirections {
  const out: GitIndirections = { directories: [], files: [] };
  const queue = [...configs];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    // More includes than permc follows: what the rest say is unknown, and git reads them all.
    if (seen.size > configs.length + MAX_INCLUDES) throw new GitConfigUnreadable(`git's configuration includes more than ${MAX_INCLUDES} files`);
    for (const { key, value } of gitConfigEntries(readText(file))) {
      if (value === null) continue;
      const named = (v: string, from: string): string => path.resolve(from, expandHome(v, home, "posix"));
      if (key === "core.hookspath") out.directories.push(named(value, workTree));
      else if (key === "include.path" || /^includeif\..*\.path$/.test(key)) {
        const included = named(value, path.dirname(file));
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
 * no `=`, a boolean), in file order.
 */
export function gitConfigEntries(text: string): Array<{ key: string; value: string | null }> {
  const out: Array<{ key: string; value: string | null }> = [];
  // Lines end in LF or CRLF: git reads both.
  const lines = text.split(/\r?\n/);
  let section: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    let line = (lines[i] as string).trimStart();
    if (line.startsWith("[")) {
      const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
      if (header === null) {
        section = null;
        continue;
      }
      const name = (header[1] as string).toLowerCase();
      section = header[2] === undefined ? name : `${name}.${header[2].replace(/\\(.)/g, "$1")}`;
      line = line.slice(header[0].length).trimStart();
    }
    if (section === null || line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (entry === null) continue;
    const key = `${section}.${(entry[1] as string).toLowerCase()}`;
    let raw = entry[2];
    if (raw === undefined) {
      out.push({ key, value: null });
      continue;
    }
    // A value continued on the next line (a backslash at its end, outside a comment).
    while (/(?:^|[^\\])(?:\\\\)*\\$/.test(raw) && i + 1 < lines.length) raw = raw.slice(0, -1) + lines[++i];
    out.push({ key, value: configValue(raw) });
  }
  return out;
}

/**
 * A raw value as git reads it: quotes removed, escapes read, a comment (`#`, `;` outside quotes) cut; outside quotes
 * each blank between words is one space, and blanks at either end go.
 */
function configValue(raw: string): string {
  let out = "";
  let quoted = false;
  let spaces = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (!quoted && (c === " " || c === "\t")) {
      if (out !== "") spaces++;
      continue;
    }
    if (!quoted && (c === "#" || c === ";")) break;
    out += " ".repeat(spaces);
    spaces = 0;
    if (c === '"') quoted = !quoted;
    else if (c === "\\" && i + 1 < raw.length) {
      const n = raw[++i] as string;
      out += n === "n" ? "\n" : n === "t" ? "\t" : n === "b" ? "\b" : n;
    } else out += c;
  }
  return out;
}

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
