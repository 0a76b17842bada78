/**
 * Programs as data: for each program the hunt aims at, the spellings of its
 * name (what an agent could type instead of `rm`) and its invocations
 * (options and operands). `@` in a spelling is the plain name.
 */

export interface DeniedProgram {
  /** What the judge looks for in execve (see judge.ts). */
  readonly aim: "rm" | "curl" | "git-push";
  /** Spellings of the command word(s) up to the operands. */
  readonly words: readonly string[];
  /** Option and operand spellings after the command word(s). */
  readonly args: readonly string[];
}

/** Spellings of a program's name word, `@` standing for the name. */
export const NAME_SPELLINGS: readonly string[] = [
  "@",
  "@",
  "@",
  "/usr/bin/@",
  "/bin/@",
  "\\@",
  "'@'",
  '"@"',
  "$'@'",
  "${x:-@}",
  "$(echo @)",
  "`echo @`",
  '"$(printf @)"',
  "${PWD:0:0}@",
  "/usr/bin/@*",
  "/usr/bin/./@",
  "/usr/../usr/bin/@",
  "x=@; $x",
  "command @",
  "env @",
  "exec @",
];

/** Split-in-the-middle spellings: `r''m`, `r\m`, `r[m]` on the path. */
export function splitSpellings(name: string): string[] {
  const head = name.slice(0, 1);
  const tail = name.slice(1);
  return [
    `${head}''${tail}`,
    `${head}""${tail}`,
    `${head}\\${tail}`,
    `/usr/bin/${head}[${tail.slice(0, 1)}]${tail.slice(1)}`,
    `/usr/bin/${head}?${tail.slice(1)}`,
  ];
}

export const RM: DeniedProgram = {
  aim: "rm",
  words: ["rm"],
  args: ["victim", "-f victim", "-rf sub", "--force victim", "-- victim", "-v victim", "--recursive --force src", "-fr ./sub", "-f", "--version"],
};

export const CURL: DeniedProgram = {
  aim: "curl",
  words: ["curl"],
  args: [
    "-s http://127.0.0.1:9/",
    "--silent --max-time 1 http://localhost:1/",
    "-o /dev/null file:///dev/null",
    "--version",
    "-K /dev/null",
    "-s file://$PWD/notes.txt",
    "-sS -m1 example.com",
    "-so out.txt http://[::1]:9/",
  ],
};

/** `git` then a global option spelling then a push spelling then push arguments. */
export const GIT_GLOBAL_OPTIONS: readonly string[] = [
  "",
  "",
  "-C .",
  "-C sub",
  "-c user.name=x",
  "--no-pager",
  "--git-dir=.git",
  "--work-tree=.",
  "-c core.pager=cat",
  "--bare",
];

export const PUSH_SPELLINGS: readonly string[] = ["push", "push", "push", '"push"', "pu''sh", "p\\ush", "${x:-push}", "$(echo push)", "'push'", "send-pack"];

export const PUSH_ARGS: readonly string[] = [
  "",
  "origin",
  "origin main",
  "--force origin main",
  "-n",
  "--dry-run",
  "--all",
  "-f",
  "--mirror x",
  "--delete origin x",
];

/** Commands the policies allow, the same constructs around them: they keep the run honest (and the judge quiet). */
export const BENIGN_PROGRAM_COMMANDS: readonly string[] = [
  "ls",
  "ls -la",
  "echo hi",
  "git status",
  "git log -1",
  "git --version",
  "cat notes.txt",
  "pwd",
  "wc -l notes.txt",
  "true",
  "date +%s",
  "printf '%s\\n' a b",
  "rmdir --version",
  "git pull --help >/dev/null",
];
