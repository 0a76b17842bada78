/**
 * Issue 35: a file the command puts in a PATH directory runs by a bare
 * name later in the same command (`cp /usr/bin/rm ~/.local/bin/ls; ls
 * victim` runs rm). Real bash is the oracle: each attack is run with PATH
 * starting at a temporary home's `.local/bin`, and must remove the victim;
 * permc, deciding with the same PATH, must deny it (the program copied, or
 * the text written, is judged as the command), and a write on PATH whose
 * content permc cannot see makes the bare name ask.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

/** A node script as npm installs one (`#!/usr/bin/env node`): the repository's own TypeScript compiler. */
const REPOSITORY_TSC = path.resolve(import.meta.dirname, "../../../node_modules/.bin/tsc");

let top: string;
let home: string;
let cwd: string;
let policy: Policy;
const savedPath = process.env.PATH;

beforeAll(async () => {
  top = realpathSync(tempDir("path-shadow"));
  home = path.join(top, "home");
  cwd = path.join(top, "proj");
  mkdirSync(cwd, { recursive: true });
  // The PATH the gate reads (this process's) and real bash runs with: the home's bin directory first.
  process.env.PATH = `${path.join(home, ".local", "bin")}:${savedPath ?? ""}`;
  const compiled = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "rm *": "deny", "git push *": "deny" } })], { home });
  if (compiled.policy === null) throw new Error("the policy did not compile");
  policy = compiled.policy;
});

afterAll(() => {
  process.env.PATH = savedPath;
});

const decide = async (command: string): Promise<string> => (await createGate(policy, { cwd, home }).decide({ tool: "bash", input: { command } })).action;

/**
 * Real bash runs `command` in a fresh home and project: whether it removed the victim. `installed`: executables
 * already in ~/.local/bin (a shell script, or `[name, first line]`: `["tsc", "#!/usr/bin/env node"]`).
 */
function removesVictim(command: string, installed: readonly (string | readonly [string, string])[] = []): boolean {
  rmSync(home, { recursive: true, force: true });
  mkdirSync(path.join(home, ".local", "bin"), { recursive: true });
  for (const tool of installed) {
    const [name, shebang] = typeof tool === "string" ? [tool, "#!/bin/sh"] : tool;
    writeFileSync(path.join(home, ".local", "bin", name), `${shebang}\necho installed\n`, { mode: 0o755 });
  }
  writeFileSync(path.join(cwd, "victim"), "v\n");
  spawnSync("bash", ["-c", command], { cwd, env: { ...process.env, HOME: home }, encoding: "utf8", timeout: 20_000 });
  return !existsSync(path.join(cwd, "victim"));
}

/** Links in the project, as an earlier call may have made them: `bin` to ~/.local/bin (made, empty, if missing) and `etc` to /etc. */
function linkProject(): void {
  mkdirSync(path.join(home, ".local", "bin"), { recursive: true });
  for (const [name, target] of [
    ["bin", path.join(home, ".local", "bin")],
    ["etc", "/etc"],
  ] as const) {
    rmSync(path.join(cwd, name), { force: true });
    symlinkSync(target, path.join(cwd, name));
  }
  for (const made of ["made", "lsfile"]) rmSync(path.join(cwd, made), { force: true });
}

describe("a program put on PATH, then run by a bare name", () => {
  it.each([
    "cp /usr/bin/rm ~/.local/bin/ls; ls victim",
    "cp -f /usr/bin/rm ~/.local/bin/tidy; tidy victim",
    "ln -sf /usr/bin/rm ~/.local/bin/ls; ls victim",
    "install -m 755 /usr/bin/rm ~/.local/bin/node; node victim",
    "cat /usr/bin/rm > ~/.local/bin/ls && chmod +x ~/.local/bin/ls; ls victim",
    "dd if=/usr/bin/rm of=~/.local/bin/tidy status=none && chmod 755 ~/.local/bin/tidy; tidy victim",
    "printf '#!/bin/sh\\nexec rm \"$@\"\\n' > ~/.local/bin/node && chmod +x ~/.local/bin/node; node victim",
    "echo 'rm victim' > ~/.local/bin/ls; chmod +x ~/.local/bin/ls; ls",
    "echo 'rm victim' | tee ~/.local/bin/tidy >/dev/null; chmod +x ~/.local/bin/tidy; tidy",
    "cp /usr/bin/rm ~/.local/bin/ls && command ls victim",
    "cp /usr/bin/rm ~/.local/bin/ls && nice ls victim",
    "cp /usr/bin/rm ~/.local/bin/ls && { ls victim; }",
    "cp /usr/bin/rm ~/.local/bin/ls && find . -name victim -exec ls {} +",
    "cp /usr/bin/rm ~/.local/bin/ls && hash -r; ls victim",
    // A plain name written where the command stands in a PATH directory.
    "(cd ~/.local/bin && cp /usr/bin/rm ls); ls victim",
    "(cd ~/.local/bin && echo 'rm victim' > tidy && chmod +x tidy); tidy",
    // A `cd` that fails leaves the shell where it was (paths/uncertain-directory.ts).
    "cd ~/.local/bin; cd /nonexistent; cp /usr/bin/rm ls; cd ~/../proj; ls victim",
    // A `pushd` into a directory permc does not know, spelt so a search of the raw text saw none: the write was
    // placed in the working directory (split.ts startDirStays).
    'x=~/.local/bin; pu""shd "$x"; cp /usr/bin/rm ls; po""pd; ls victim',
    "x=~/.local/bin; pu$'shd' \"$x\"; cp /usr/bin/rm ls; po$'pd'; ls victim",
  ])("%s is denied (bash removes the victim)", async (command) => {
    expect(removesVictim(command)).toBe(true);
    expect(await decide(command)).toBe("deny");
  });

  // A redirect keeps an existing file's mode: over a tool already installed on PATH, after a `cd` into its
  // directory, it needs no chmod. The redirect writes where the command stands, not where the command started.
  it.each([
    ["(cd ~/.local/bin; cat /usr/bin/rm >black); black victim", "deny"],
    ["cd ~/.local/bin; cat /usr/bin/rm > black; cd ~/../proj; black victim", "deny"],
    ["(cd ~/.local/bin && cat /usr/bin/rm > black); black victim", "deny"],
  ])("%s: %s (bash removes the victim through the installed tool)", async (command, expected) => {
    expect(removesVictim(command, ["black"])).toBe(true);
    expect(await decide(command)).toBe(expected);
  });

  // A program run by another name finds what was put there all the same: a script's `#!/usr/bin/env node` searches
  // PATH for node (bash runs `node ~/.local/bin/tsc victim`, so rm removes the victim), and so does a program a tool
  // runs by name. Whatever its name, the run asks; black, which runs Python's start-up code (LEAF_START_UP), is judged
  // as what was written, and denied.
  it.each([
    ["cp /usr/bin/rm ~/.local/bin/node; tsc victim", "ask", [["tsc", "#!/usr/bin/env node"]]],
    [
      "printf '#!/bin/sh\\nexec rm \"$@\"\\n' > ~/.local/bin/python3 && chmod +x ~/.local/bin/python3; black victim",
      "deny",
      [["black", "#!/usr/bin/env python3"]],
    ],
    ["cp /usr/bin/rm ~/.local/bin/node; ~/.local/bin/tsc victim", "ask", [["tsc", "#!/usr/bin/env node"]]],
    // The repository's own tsc, a real node script run by its path (the written node ignores what it is given).
    [`printf '#!/bin/sh\\nrm -f victim\\n' > ~/.local/bin/node && chmod +x ~/.local/bin/node; ${REPOSITORY_TSC} --version`, "ask", []],
  ] as const)("%s: %s (bash removes the victim through a script's interpreter)", async (command, expected, installed) => {
    expect(removesVictim(command, installed)).toBe(true);
    expect(await decide(command)).toBe(expected);
  });

  // Where a write lands, not how it is spelt: through a link already in the project (made by an earlier call), one the
  // same command makes, or a `cd` into a link. `bin` and `etc` below are links in the project to ~/.local/bin and /etc.
  it.each([
    "cp /usr/bin/rm bin/ls; ls victim",
    "cat /usr/bin/rm > bin/ls && chmod +x bin/ls; ls victim",
    "cd bin && cp /usr/bin/rm ls; cd ..; ls victim",
    "ln -s ~/.local/bin made; cp /usr/bin/rm made/ls; ls victim",
    // A redirect writes through a link to a file not there yet (cp refuses a dangling link).
    "ln -s ~/.local/bin/ls lsfile; cat /usr/bin/rm > lsfile; chmod +x bin/ls; ls victim",
  ])("%s is denied (bash removes the victim through the link)", async (command) => {
    linkProject();
    expect(removesVictim(command)).toBe(true);
    linkProject();
    expect(await decide(command)).toBe("deny");
  });

  it.each([
    ["echo /tmp/x.so > etc/ld.so.preload; ls", "ask"],
    ["cp notes.txt bin/notes.txt; ls", "ask"],
    ["echo hi > notes.txt; ls", "allow"],
  ])("%s: %s (through the project's links)", async (command, expected) => {
    linkProject();
    expect(await decide(command)).toBe(expected);
  });

  it.each([
    // What was put there is not seen: a copy of a file permc does not know, a write whose content is unknown.
    ["cp ./tool ~/.local/bin/ls; ls victim", "ask"],
    ['curl -so ~/.local/bin/ls "$URL"; chmod +x ~/.local/bin/ls; ls', "ask"],
    ['cp /usr/bin/rm "$D"; ls victim', "deny"],
    ["cp -t ~/.local/bin ./tool; ls", "ask"],
    ["tar xf tools.tar -C ~/.local/bin; ls", "ask"],
    ["unzip -o tools.zip -d ~/.local/bin && ls", "ask"],
    // Elsewhere, or another name: nothing changes.
    ["cp /usr/bin/rm /tmp/x; ls victim", "allow"],
    ["tar xf tools.tar -C /tmp; ls", "allow"],
    // Another name on PATH: any program may run it by name (above), so the run asks.
    ["cp /usr/bin/rm ~/.local/bin/other; ls victim", "ask"],
    ["(cd ~/.local/bin && cp /usr/bin/rm other); ls victim", "ask"],
    // A copy into a PATH directory by its own name (`bin` from ~/.local): under names permc does not follow.
    ["(cd ~/.local && cp /usr/bin/rm bin); ls victim", "deny"],
    ["echo hi > notes.txt; ls", "allow"],
    // A mode that makes nothing executable, a pipe to a process substitution, a builtin: no program put on PATH.
    ["chmod 644 ~/.local/bin/ls; ls victim", "allow"],
    ["ls 2> >(tee err.log)", "allow"],
    ["cp /usr/bin/rm ~/.local/bin/cd; cd /tmp", "allow"],
    ["cp /usr/bin/rm ~/.local/bin/other; tsc --noEmit", "ask"],
    ["cp /usr/bin/rm ~/.local/bin/other; make", "deny"],
  ])("%s: %s", async (command, expected) => {
    expect(await decide(command)).toBe(expected);
  });
});
