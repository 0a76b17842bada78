/**
 * Programs that read (or change) a whole directory tree when given a
 * directory: `grep -r`, `find`, `tar`, `zip -r`, `cp -r`… A directory
 * operand of such a command touches every file under it, so a rule that can
 * match something under it applies (issue 11 §6: a prefix query on the
 * path automaton). `always` means any directory operand is walked; a list
 * names the options (short letters, long names) that make it recursive.
 */
export const RECURSIVE_READERS: Readonly<Record<string, "always" | readonly string[]>> = {
  grep: ["r", "R", "recursive", "dereference-recursive"],
  egrep: ["r", "R", "recursive"],
  fgrep: ["r", "R", "recursive"],
  rg: "always",
  ag: "always",
  ack: "always",
  find: "always",
  gfind: "always",
  bfs: "always",
  fd: "always",
  fdfind: "always",
  tar: "always",
  gtar: "always",
  bsdtar: "always",
  zip: ["r", "R", "recurse-paths", "recurse-patterns"],
  "7z": "always",
  "7za": "always",
  cp: ["r", "R", "a", "recursive", "archive"],
  scp: ["r"],
  rsync: ["r", "a", "recursive", "archive"],
  ls: ["R", "recursive"],
  du: "always",
  tree: "always",
  chmod: ["R", "recursive"],
  chown: ["R", "recursive"],
  chgrp: ["R", "recursive"],
  rm: ["r", "R", "recursive"],
  diff: ["r", "recursive"],
};

/** The command walks its directory operands, given its option words. */
export function walksDirectories(name: string, options: readonly string[]): boolean {
  if (!Object.hasOwn(RECURSIVE_READERS, name)) return false;
  const rule = RECURSIVE_READERS[name] as "always" | readonly string[];
  if (rule === "always") return true;
  for (const o of options) {
    if (o.startsWith("--")) {
      if (rule.includes(o.slice(2).split("=")[0] as string)) return true;
    } else if (o.startsWith("-")) {
      for (const letter of o.slice(1)) if (rule.includes(letter)) return true;
    }
  }
  return false;
}

/** Programs whose last operand is the file or directory they write (`cp a b`, `mv a b`, `ln -s a b`). */
export const WRITES_LAST_OPERAND: ReadonlySet<string> = new Set(["cp", "mv", "install", "ln", "rsync", "scp", "link"]);
