/**
 * One table per knowledge file (runtime/bash/programs/knowledge/*.ts; issue
 * 37): rows of `{ command, want, why }`, each a fact of that file, decided by
 * the gate (decide-bash.ts) in the red-team fixture (redteam-fixture.ts) and
 * a few files more, under one small fixed policy unless a table gives its
 * own. A row's `want` is what the real program does, not what permc answers
 * today; `why` names the fact. Commands may spell the fixture's `{PROJ}`,
 * `{HOME}` and `{ROOT}`; they run in `{PROJ}`.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decideBash } from "./decide-bash.js";
import { makeRedteamFixture, type RedteamFixture } from "./redteam-fixture.js";
import { tempDir } from "./temp-dir.js";

export interface KnowledgeRow {
  readonly command: string;
  readonly want: "allow" | "ask" | "deny";
  /** The fact of the knowledge file the row exercises. */
  readonly why: string;
}

/**
 * Everything allowed but reading or writing `*.env` or anything under
 * `~/.ssh/`, and running `rm` or `curl`: a program that runs another, or
 * reads or writes a file, shows in the action; code permc cannot read asks.
 */
export const KNOWLEDGE_POLICY: object = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny", "curl *": "deny" },
  path: { "*": "allow", "*.env": "deny", "~/.ssh/*": "deny" },
};

/**
 * What the tables add to the red-team fixture: compressed files and
 * archives in the project, a repository's store under `repo/`, repositories
 * with hooks installed (`hooked/`, `husky/`) or a filter that runs a script
 * (`filtered/`), and stored credentials in the home (a credential file is read only when it is there).
 */
const EXTRA_FILES: Readonly<Record<string, string>> = {
  "{PROJ}/x.env.gz": "not really gzip\n",
  "{PROJ}/notes.txt.gz": "not really gzip\n",
  "{PROJ}/a.tar": "not really tar\n",
  "{PROJ}/a.zip": "not really zip\n",
  "{PROJ}/repo/.git/HEAD": "ref: refs/heads/main\n",
  "{PROJ}/repo/.git/config": "[core]\n",
  "{PROJ}/repo/.git/objects/65/ec0000": "not really an object\n",
  // A repository with a hook installed, and one whose hooks are where husky puts them.
  "{PROJ}/hooked/.git/HEAD": "ref: refs/heads/main\n",
  "{PROJ}/hooked/.git/hooks/pre-commit": "#!/bin/sh\nnpm test\n",
  "{PROJ}/hooked/.git/hooks/pre-push.sample": "#!/bin/sh\n",
  "{PROJ}/hooked/src/app.js": "module.exports = 1;\n",
  "{PROJ}/husky/.git/HEAD": "ref: refs/heads/main\n",
  "{PROJ}/husky/.git/config": "[core]\n\thooksPath = .husky/_\n",
  "{PROJ}/filtered/.git/HEAD": "ref: refs/heads/main\n",
  "{PROJ}/filtered/.git/config": '[filter "strip"]\n\tclean = sh scripts/strip.sh\n',
  "{HOME}/.aws/credentials": "[default]\n",
  "{HOME}/.config/gh/hosts.yml": "github.com:\n",
  "{HOME}/.kube/config": "apiVersion: v1\n",
  "{PROJ}/shlinked/main.go": "package main\n",
  "{PROJ}/shlinked/.env": "SECRET=1\n",
};

/**
 * Links the tables add, there before the command runs: a Go source linked
 * to a key (gofmt opens it), a shell script linked to the same key and a
 * linked directory (shfmt and gofmt open neither).
 */
const EXTRA_LINKS: Readonly<Record<string, string>> = {
  "{PROJ}/golinked/key.go": "{HOME}/.ssh/id_rsa",
  "{PROJ}/shlinked/key.sh": "{HOME}/.ssh/id_rsa",
  "{PROJ}/shlinked/keys": "{HOME}/.ssh",
  "{PROJ}/shlinked/keys.go": "{HOME}/.ssh",
};

/** The fixture, made on first use in the calling test file and removed when it ends (temp-dir.ts). */
function fixture(): RedteamFixture {
  const fx = makeRedteamFixture(tempDir("knowledge"));
  for (const [name, text] of Object.entries(EXTRA_FILES)) {
    const file = fx.sub(name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  for (const [name, target] of Object.entries(EXTRA_LINKS)) {
    const link = fx.sub(name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(fx.sub(target), link);
  }
  return fx;
}

/**
 * A `describe` for knowledge file `file` (its name without `.ts`), one test
 * per row, under `policy` (a Pi `permission` object; KNOWLEDGE_POLICY by default).
 */
export function knowledgeTable(file: string, rows: readonly KnowledgeRow[], policy: object = KNOWLEDGE_POLICY): void {
  let fx: RedteamFixture | undefined;
  describe(`knowledge/${file}.ts`, () => {
    it.each(rows)("$command → $want: $why", async ({ command, want }) => {
      fx ??= fixture();
      const decision = await decideBash(policy, fx.sub(command), { cwd: fx.proj, home: fx.home });
      expect(decision.action, decision.reason ?? "").toBe(want);
    });
  });
}
