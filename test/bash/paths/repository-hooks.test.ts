/**
 * Whether a repository has hooks installed (paths/repository-hooks.ts), with
 * real git as the oracle: in each layout, `git commit` runs with a hook that
 * leaves a mark, and permc must have said "hooks" wherever git ran one. It
 * may say "hooks" where git runs none only where the table says why.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitSurroundings, repositoryHasHooks, type GitSurroundings } from "../../../runtime/bash/paths/repository-hooks.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { tempDir } from "../../support/temp-dir.js";
import { parser } from "../helpers.js";

const HOOK = '#!/bin/sh\ntouch "$MARK"\n';

interface Place {
  /** Where the commit runs. */
  readonly dir: string;
  readonly home: string;
  /** Variables for git and for the probe, beyond HOME. */
  readonly variables: Readonly<Record<string, string>>;
  /** The git command that may run what the layout installed (a commit, unless it says). */
  readonly run: readonly string[];
}

function git(dir: string, env: NodeJS.ProcessEnv, ...args: string[]): void {
  const r = spawnSync("git", args, { cwd: dir, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

function gitEnv(home: string, variables: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "a",
    GIT_AUTHOR_EMAIL: "a@b",
    GIT_COMMITTER_NAME: "a",
    GIT_COMMITTER_EMAIL: "a@b",
    ...variables,
  };
}

/** An executable hook at `file`; nothing more to say about the layout. */
function hook(file: string): undefined {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, HOOK);
  chmodSync(file, 0o755);
  return undefined;
}

/** A repository at `root/repo`, its home at `root/home`; `shape` adds the layout. */
function layout(shape: (repo: string, home: string, env: NodeJS.ProcessEnv) => Partial<Place> | undefined): () => Place {
  return () => {
    const root = tempDir("hooks");
    const repo = path.join(root, "repo");
    const home = path.join(root, "home");
    mkdirSync(repo);
    mkdirSync(home);
    const env = gitEnv(home);
    git(repo, env, "init", "-q");
    const more = shape(repo, home, env) ?? {};
    return { dir: more.dir ?? repo, home, variables: more.variables ?? {}, run: more.run ?? ["commit", "-q", "--allow-empty", "-m", "x"] };
  };
}

const CASES: ReadonlyArray<{ readonly name: string; readonly place: () => Place; readonly hooks: boolean; readonly why?: string }> = [
  { name: "a new repository (git's samples only)", place: layout(() => undefined), hooks: false },
  { name: "a pre-commit hook", place: layout((repo) => hook(path.join(repo, ".git/hooks/pre-commit"))), hooks: true },
  {
    name: "a hook git does not run on commit",
    place: layout((repo) => hook(path.join(repo, ".git/hooks/pre-push"))),
    hooks: true,
    why: "any installed hook counts: which ones a command runs is not modelled",
  },
  {
    name: "core.hooksPath in the repository's configuration (husky)",
    place: layout((repo, _home, env) => {
      git(repo, env, "config", "core.hooksPath", ".husky");
      hook(path.join(repo, ".husky/pre-commit"));
    }),
    hooks: true,
  },
  {
    name: "core.hooksPath in ~/.gitconfig",
    place: layout((_repo, home, env) => {
      git(home, env, "config", "--global", "core.hooksPath", path.join(home, "hooks"));
      hook(path.join(home, "hooks/pre-commit"));
    }),
    hooks: true,
  },
  {
    name: "core.hooksPath in $XDG_CONFIG_HOME/git/config",
    place: layout((_repo, home) => {
      mkdirSync(path.join(home, "xdg/git"), { recursive: true });
      writeFileSync(path.join(home, "xdg/git/config"), `[core]\n\thooksPath = ${path.join(home, "hooks")}\n`);
      hook(path.join(home, "hooks/pre-commit"));
      return { variables: { XDG_CONFIG_HOME: path.join(home, "xdg") } };
    }),
    hooks: true,
  },
  {
    name: "core.hooksPath in an included file",
    place: layout((repo, home, env) => {
      writeFileSync(path.join(home, "more"), `[core]\n\thooksPath = ${path.join(home, "hooks")}\n`);
      git(repo, env, "config", "include.path", path.join(home, "more"));
      hook(path.join(home, "hooks/pre-commit"));
    }),
    hooks: true,
  },
  {
    name: "an included file that sets no hooks",
    place: layout((repo, home, env) => {
      writeFileSync(path.join(home, "more"), "[user]\n\tname = x\n");
      git(repo, env, "config", "include.path", path.join(home, "more"));
    }),
    hooks: false,
  },
  {
    name: "core.hooksPath two includes down, through includeIf and a quoted relative path",
    place: layout((repo, home, env) => {
      writeFileSync(path.join(home, "first"), '[include]\n\tpath = "second" ; the next one\n');
      writeFileSync(path.join(home, "second"), `[core]\n\thooksPath = ${path.join(home, "hooks")}\n`);
      git(home, env, "config", "--global", `includeIf.gitdir:${repo}/.path`, path.join(home, "first"));
      hook(path.join(home, "hooks/pre-commit"));
    }),
    hooks: true,
  },
  {
    name: "a clean filter in the repository's configuration, run by git add",
    place: layout((repo, home, env) => {
      hook(path.join(home, "mark.sh"));
      writeFileSync(path.join(repo, ".gitattributes"), "*.txt filter=mark\n");
      writeFileSync(path.join(repo, "x.txt"), "x\n");
      git(repo, env, "config", "filter.mark.clean", `sh -c '${path.join(home, "mark.sh")}; cat'`);
      return { run: ["add", "x.txt"] };
    }),
    hooks: true,
  },
  {
    name: "a textconv in the repository's configuration, run by git diff",
    place: layout((repo, home, env) => {
      writeFileSync(path.join(home, "conv.sh"), '#!/bin/sh\ntouch "$MARK"\ncat "$1"\n');
      chmodSync(path.join(home, "conv.sh"), 0o755);
      writeFileSync(path.join(repo, ".gitattributes"), "*.txt diff=mark\n");
      writeFileSync(path.join(repo, "x.txt"), "x\n");
      git(repo, env, "add", ".");
      git(repo, env, "commit", "-q", "-m", "first");
      writeFileSync(path.join(repo, "x.txt"), "y\n");
      git(repo, env, "config", "diff.mark.textconv", path.join(home, "conv.sh"));
      return { run: ["diff"] };
    }),
    hooks: true,
  },
  {
    name: "the same textconv in the user's configuration: the user's own tool",
    place: layout((repo, home, env) => {
      writeFileSync(path.join(repo, "x.txt"), "x\n");
      git(repo, env, "config", "--global", "diff.mark.textconv", "cat");
      return { run: ["add", "x.txt"] };
    }),
    hooks: false,
  },
  {
    name: "a worktree of a repository with hooks",
    place: layout((repo, _home, env) => {
      git(repo, env, "commit", "-q", "--allow-empty", "-m", "first");
      git(repo, env, "worktree", "add", "-q", "../wt");
      hook(path.join(repo, ".git/hooks/pre-commit"));
      return { dir: path.join(repo, "../wt") };
    }),
    hooks: true,
  },
  {
    name: "a worktree of a repository without",
    place: layout((repo, _home, env) => {
      git(repo, env, "commit", "-q", "--allow-empty", "-m", "first");
      git(repo, env, "worktree", "add", "-q", "../wt");
      return { dir: path.join(repo, "../wt") };
    }),
    hooks: false,
  },
  {
    name: "a subdirectory of a repository with hooks",
    place: layout((repo) => {
      hook(path.join(repo, ".git/hooks/pre-commit"));
      mkdirSync(path.join(repo, "src"));
      return { dir: path.join(repo, "src") };
    }),
    hooks: true,
  },
  {
    name: "GIT_DIR set where the command runs",
    place: layout((repo) => {
      hook(path.join(repo, ".git/hooks/pre-commit"));
      mkdirSync(path.join(repo, "../elsewhere"));
      return { dir: path.join(repo, "../elsewhere"), variables: { GIT_DIR: path.join(repo, ".git"), GIT_WORK_TREE: repo } };
    }),
    hooks: true,
  },
];

function surroundings(place: Place): GitSurroundings {
  return {
    home: place.home,
    xdgConfigHome: place.variables.XDG_CONFIG_HOME ?? null,
    relocated: ["GIT_DIR", "GIT_CONFIG_GLOBAL"].some((name) => place.variables[name] !== undefined),
    systemConfigurations: [],
  };
}

describe("repositoryHasHooks, against git's commit", () => {
  it.each(CASES)("$name → hooks: $hooks", ({ place: make, hooks, why }) => {
    const place = make();
    const mark = path.join(place.home, "hook-ran");
    git(place.dir, gitEnv(place.home, { ...place.variables, MARK: mark }), ...place.run);
    const ran = existsSync(mark);
    const said = repositoryHasHooks(place.dir, surroundings(place));
    // Sound: wherever git ran a hook, permc said so.
    if (ran) expect(said).toBe(true);
    expect(said).toBe(hooks);
    // And the layout is what it says: git ran a hook exactly where the table says there are hooks (but where it says why not).
    if (why === undefined) expect(ran).toBe(hooks);
  });

  it("with no repository, says hooks only where a template directory would install some", () => {
    const root = tempDir("hooks");
    const around: GitSurroundings = { home: root, xdgConfigHome: null, relocated: false, systemConfigurations: [] };
    expect(repositoryHasHooks(root, around)).toBe(false);
    writeFileSync(path.join(root, ".gitconfig"), `[init]\n\ttemplateDir = ${path.join(root, "templates")}\n`);
    expect(repositoryHasHooks(root, around)).toBe(true);
  });

  it("says hooks where it cannot tell where the repository is, or cannot read a configuration", () => {
    const root = tempDir("hooks");
    const around: GitSurroundings = { home: root, xdgConfigHome: null, relocated: false, systemConfigurations: [] };
    const repo = path.join(root, "repo");
    mkdirSync(path.join(repo, ".git"), { recursive: true });
    writeFileSync(path.join(repo, ".git/HEAD"), "ref: refs/heads/main\n");
    expect(repositoryHasHooks(repo, around)).toBe(false);
    // Inside the git directory (or a bare repository): git may take the directory itself for one.
    expect(repositoryHasHooks(path.join(repo, ".git"), around)).toBe(true);
    // A `.git` that is a link, a `.git` file that names nothing.
    const linked = path.join(root, "linked");
    mkdirSync(linked);
    symlinkSync(path.join(repo, ".git"), path.join(linked, ".git"));
    expect(repositoryHasHooks(linked, around)).toBe(true);
    const named = path.join(root, "named");
    mkdirSync(named);
    writeFileSync(path.join(named, ".git"), "not a gitdir line\n");
    expect(repositoryHasHooks(named, around)).toBe(true);
    // Includes written in ways permc does not read: a key on the header's line, an escape.
    for (const text of ["[include] path = x\n", '[include]\n\tpath = "a\\\\b"\n', "[include]\n\tpath\n"]) {
      writeFileSync(path.join(repo, ".git/config"), text);
      expect(repositoryHasHooks(repo, around), text).toBe(true);
    }
    // An include cycle: git stops with an error, and runs nothing.
    writeFileSync(path.join(root, "cycle"), `[include]\n\tpath = ${path.join(repo, ".git/config")}\n`);
    writeFileSync(path.join(repo, ".git/config"), `[include]\n\tpath = ${path.join(root, "cycle")}\n`);
    expect(repositoryHasHooks(repo, around)).toBe(false);
    // An include past git's depth, however plain.
    for (let i = 0; i <= 11; i++) writeFileSync(path.join(root, `deep${i}`), `[include]\n\tpath = deep${i + 1}\n`);
    writeFileSync(path.join(repo, ".git/config"), `[include]\n\tpath = ${path.join(root, "deep0")}\n`);
    expect(repositoryHasHooks(repo, around)).toBe(true);
    writeFileSync(path.join(repo, ".git/config"), "[core]\n\tbare = false\n");
    expect(repositoryHasHooks(repo, around)).toBe(false);
    // A section header it does not read (an escaped quote), and a key on a header's line.
    writeFileSync(path.join(repo, ".git/config"), '[filter "a\\"b"]\n\tclean = x\n');
    expect(repositoryHasHooks(repo, around)).toBe(true);
    writeFileSync(path.join(repo, ".git/config"), '[filter "x"] clean = x\n');
    expect(repositoryHasHooks(repo, around)).toBe(true);
    writeFileSync(path.join(repo, ".git/config"), "[core]\n\tbare = false\n");
    // A configuration that is a directory: git cannot read it either, but permc does not guess what it says.
    mkdirSync(path.join(root, ".gitconfig"));
    expect(repositoryHasHooks(repo, around)).toBe(true);
    expect(repositoryHasHooks(repo, { ...around, home: repo, relocated: true })).toBe(true);
  });
});

describe("the environment's say on where hooks are", () => {
  it.each([
    [{}, { xdgConfigHome: null, relocated: false, system: true }],
    [{ XDG_CONFIG_HOME: "/x" }, { xdgConfigHome: "/x", relocated: false, system: true }],
    [{ GIT_DIR: "/r/.git" }, { xdgConfigHome: null, relocated: true, system: true }],
    [{ GIT_CONFIG_COUNT: "1" }, { xdgConfigHome: null, relocated: true, system: true }],
    [{ GIT_TEMPLATE_DIR: "/t" }, { xdgConfigHome: null, relocated: true, system: true }],
    [{ GIT_CONFIG_NOSYSTEM: "1" }, { xdgConfigHome: null, relocated: false, system: false }],
    [{ GIT_CONFIG_NOSYSTEM: "True" }, { xdgConfigHome: null, relocated: false, system: false }],
    // git reads 2 as true too; permc reads the system's configuration then: stricter, never weaker.
    [{ GIT_CONFIG_NOSYSTEM: "2" }, { xdgConfigHome: null, relocated: false, system: true }],
    [{ GIT_CONFIG_NOSYSTEM: "false" }, { xdgConfigHome: null, relocated: false, system: true }],
  ] as const)("%j", (variables, want) => {
    const got = gitSurroundings("/h", (name) => (variables as Readonly<Record<string, string>>)[name] ?? "");
    expect({ xdgConfigHome: got.xdgConfigHome, relocated: got.relocated, system: got.systemConfigurations.length > 0 }).toEqual(want);
  });

  const saved = process.env.GIT_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.GIT_DIR;
    else process.env.GIT_DIR = saved;
  });

  /** The machine's /etc/gitconfig is no test data (vitest.config.ts sets the same for the inherited environment). */
  const NO_SYSTEM = { GIT_CONFIG_NOSYSTEM: "1" };

  /** Whether the split floors the commit as a run of the file written first. */
  async function floorsCommit(gitVariables?: Readonly<Record<string, string>>): Promise<boolean> {
    const root = tempDir("hooks");
    mkdirSync(path.join(root, ".git"));
    writeFileSync(path.join(root, ".git/HEAD"), "ref: refs/heads/main\n");
    const s = splitBash(await parser(), "echo x > a.sh && git commit -m x", { cwd: root, home: root, ...(gitVariables === undefined ? {} : { gitVariables }) });
    return s.units.some((u) => u.derivation === "two-step");
  }

  it("probes at most 16 directories a command; past them, any repository has hooks", async () => {
    const root = tempDir("hooks");
    for (let i = 0; i < 17; i++) {
      mkdirSync(path.join(root, `r${i}`, ".git"), { recursive: true });
      writeFileSync(path.join(root, `r${i}`, ".git/HEAD"), "ref: refs/heads/main\n");
    }
    const floors = async (n: number): Promise<boolean> => {
      const runs = Array.from({ length: n }, (_, i) => `(cd r${i} && git status)`).join("; ");
      const s = splitBash(await parser(), `echo x > a.sh; ${runs}`, { cwd: root, home: root, gitVariables: NO_SYSTEM });
      return s.units.some((u) => u.derivation === "two-step");
    };
    expect(await floors(16)).toBe(false);
    expect(await floors(17)).toBe(true);
  });

  it("a repository without hooks: no floor", async () => {
    delete process.env.GIT_DIR;
    expect(await floorsCommit(NO_SYSTEM)).toBe(false);
    expect(await floorsCommit()).toBe(false);
  });

  it("GIT_DIR given as an option, or inherited from the environment: any hooks", async () => {
    expect(await floorsCommit({ ...NO_SYSTEM, GIT_DIR: "/elsewhere/.git" })).toBe(true);
    process.env.GIT_DIR = "/elsewhere/.git";
    expect(await floorsCommit()).toBe(true);
    // The option stands for the whole environment: what it leaves out is unset.
    expect(await floorsCommit(NO_SYSTEM)).toBe(false);
  });
});
