/**
 * A copy that keeps a symbolic link a link makes a new link: `cp -P LINK
 * DEST` (also `-d`, `-a`, `-r`, `--no-dereference`, `--preserve=links`: GNU
 * cp copies a link as a link unless `-L` or `-H` tells it to follow) and
 * `rsync -l LINK DEST` (also `-a`, unless `-L`), and a hard link to a link
 * (`ln LINK DEST`, GNU ln's default `-P`; `link LINK DEST`, which link(2)
 * makes to the link itself). DEST, or DEST/NAME when
 * DEST is a directory, then points where LINK points, and a path through it
 * reads there (`cp -P sshlink x && cat x/id_rsa` read ~/.ssh/id_rsa). The
 * copy keeps the link's text, so a relative target is read from DEST's
 * directory. One lstat per source, only for such copies.
 */
import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { isDirectory } from "./tree.js";

interface LinkKeeping {
  /** Short option letters and long options that keep links (null: always), and those that follow them (which win). */
  readonly keeps: RegExp | null;
  readonly follows: RegExp;
  /** Options under which the program makes no such copy (`ln -s` makes a new symbolic link: collect.ts notes it). */
  readonly not?: RegExp;
  /** The option naming the destination first (`cp -t DIR SRC…`), if any. */
  readonly targetDirectory?: RegExp;
}

const KEEPS_LINKS: Readonly<Record<string, LinkKeeping>> = {
  cp: {
    keeps: /^-[a-zA-Z]*[PdaRr]|^--(?:no-dereference|archive|recursive|preserve=(?:[a-z]+,)*(?:links|all))\b/,
    follows: /^-[a-zA-Z]*[LH]|^--dereference\b/,
    targetDirectory: /^(?:-t|--target-directory)(?:=(.*))?$/,
  },
  rsync: { keeps: /^-[a-zA-Z]*[la]|^--(?:links|archive)\b/, follows: /^-[a-zA-Z]*L|^--copy-links\b/ },
  ln: {
    keeps: null,
    follows: /^-[a-zA-Z]*L|^--logical\b/,
    not: /^-[a-zA-Z]*s|^--symbolic\b/,
    targetDirectory: /^(?:-t|--target-directory)(?:=(.*))?$/,
  },
  link: { keeps: null, follows: /^$/ },
};

export function keepsLinks(program: string): boolean {
  return Object.hasOwn(KEEPS_LINKS, program);
}

/** A word as cooked: its value (null: an expansion), and whether bash expands it as a glob. */
export interface CopyWord {
  readonly value: string | null;
  readonly pattern: boolean;
}

/** Entries listed at most for a glob source: a larger directory is not read. */
const MAX_LISTED = 10_000;

/**
 * The links a copy by `program` (cp, rsync, ln, link) with these words makes,
 * each with where it points (absolute); null when a source may be a link
 * permc cannot follow: an expansion, or a glob in a directory that holds a
 * link (a glob over a directory with none names no link, whatever it matches).
 */
export function copiedLinks(program: string, cooked: readonly CopyWord[], dir: string): Array<{ name: string; target: string }> | null {
  const rule = KEEPS_LINKS[program];
  if (rule === undefined) return [];
  const words: (string | null)[] = [];
  for (const w of cooked) {
    if (w.value === null) return null;
    if (!w.pattern) words.push(w.value);
    else if (globMayNameLink(w.value, dir)) return null;
    // A glob over entries none of which is a link: an operand that is no link (the destination is not a glob).
    else words.push(null);
  }
  const options = words.filter((w): w is string => w?.startsWith("-") === true && w !== "-");
  const keeps = rule.keeps === null || options.some((o) => (rule.keeps as RegExp).test(o));
  if (!keeps || options.some((o) => rule.follows.test(o) || rule.not?.test(o) === true)) return [];
  let destination: string | null = null;
  const operands: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) return [];
    if (w === null) {
      operands.push("");
      continue;
    }
    const target = rule.targetDirectory?.exec(w);
    if (target) {
      destination = target[1] ?? words[++i] ?? null;
      continue;
    }
    if (!w.startsWith("-")) operands.push(w);
  }
  if (destination === null) destination = operands.pop() ?? null;
  if (destination === null || operands.length === 0) return [];
  // A glob destination: where the links land is not one known place.
  if (destination === "") return operands.some((o) => o !== "") ? null : [];
  const destinationPath = resolve(dir, destination);
  const intoDirectory = isDirectory(destinationPath) || operands.length > 1 || destination.endsWith("/");
  const made: Array<{ name: string; target: string }> = [];
  for (const source of operands) {
    if (source === "") continue;
    const sourcePath = resolve(dir, source);
    let text: string;
    try {
      if (!lstatSync(sourcePath).isSymbolicLink()) continue;
      text = readlinkSync(sourcePath);
    } catch {
      continue;
    }
    const name = intoDirectory ? resolve(destinationPath, basename(sourcePath)) : destinationPath;
    made.push({ name, target: resolve(dirname(name), text) });
  }
  return made;
}

/** Whether a glob (`s*link`, `src/*`) may match a symbolic link: its directory holds one, or cannot be listed. */
function globMayNameLink(glob: string, dir: string): boolean {
  const slash = glob.lastIndexOf("/");
  const parent = slash < 0 ? "." : glob.slice(0, slash) || "/";
  if (/[*?[]/.test(parent)) return true;
  try {
    const entries = readdirSync(resolve(dir, parent), { withFileTypes: true });
    return entries.length > MAX_LISTED || entries.some((e) => e.isSymbolicLink());
  } catch {
    return true;
  }
}
