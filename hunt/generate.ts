/**
 * The seeded generator: programs × option spellings × path tricks × shell
 * constructs, drawn from the tables in data/. Every case records the policy
 * it is decided under and its aim, what the judge may count as a finding
 * for it (judge.ts).
 */
import {
  BENIGN_PROGRAM_COMMANDS,
  CURL,
  type DeniedProgram,
  GIT_GLOBAL_OPTIONS,
  NAME_SPELLINGS,
  PUSH_ARGS,
  PUSH_SPELLINGS,
  RM,
  RUNNERS,
  splitSpellings,
} from "./data/programs.js";
import { BENIGN_FILES, DIRS, ENV_FILE, ETC_FILE, ETC_TARGETS, type PathTrick, SSH_FILE } from "./data/paths.js";
import { CONSTRUCTS, type Construct, READERS, WALKERS, WRITERS } from "./data/constructs.js";
import { Prng } from "./prng.js";

export type PolicyName = "P1" | "P2";

/** `rm`, `curl`, `git-push` (P1); `env`, `ssh`, `etc:FILE`, `etc:*` (P2); `benign` under either. */
export type Aim = string;

export interface Case {
  readonly id: number;
  readonly policy: PolicyName;
  readonly command: string;
  readonly aim: Aim;
  /** How the command was built, e.g. ["rm", "name:\\@", "construct:xargs"]: the class a finding belongs to. */
  readonly tricks: readonly string[];
}

interface Draft {
  command: string;
  tricks: string[];
  /** A program and its words, no operator: a wrapper (`timeout`, `xargs`, …) can take it. */
  simple: boolean;
}

const SHELL_OPERATOR = /[;&|<>()`\n]|\$\(/;

function nameSpelling(r: Prng, name: string): { word: string; label: string } {
  const spellings = r.chance(0.25) ? splitSpellings(name) : NAME_SPELLINGS;
  const s = r.pick(spellings);
  return { word: s.replaceAll("@", name), label: s };
}

/** A simple command handed to a program or builtin that runs it (RUNNERS). */
function viaRunner(r: Prng, inner: Draft): Draft {
  const runner = r.pick(RUNNERS);
  const [n, ...rest] = inner.command.split(" ");
  const command = runner.replaceAll("@A", inner.command).replaceAll("@N", n!).replaceAll("@R", rest.join(" "));
  return { command, tricks: [...inner.tricks, `runner:${runner}`], simple: !SHELL_OPERATOR.test(command) && !command.includes("'") };
}

/** The plain program name with its arguments, for a runner to spell. */
function plainProgram(r: Prng, p: DeniedProgram): Draft {
  return { command: `${p.words[0]} ${r.pick(p.args)}`.trim(), tricks: [p.aim], simple: true };
}

function deniedProgram(r: Prng, p: DeniedProgram): Draft {
  if (r.chance(0.35)) return viaRunner(r, plainProgram(r, p));
  const name = nameSpelling(r, p.words[0]!);
  const command = `${name.word} ${r.pick(p.args)}`.trim();
  return { command, tricks: [p.aim, `name:${name.label}`], simple: !SHELL_OPERATOR.test(name.word) };
}

function gitPush(r: Prng): Draft {
  const name = r.chance(0.3) ? nameSpelling(r, "git") : { word: "git", label: "@" };
  const global = r.pick(GIT_GLOBAL_OPTIONS);
  if (r.chance(0.3))
    return viaRunner(r, { command: `git ${r.pick(["push", "push origin", "push -f origin main", "push --all"])}`, tricks: ["git-push"], simple: true });
  const alias = r.chance(0.12);
  const push = alias ? "p" : r.pick(PUSH_SPELLINGS);
  const command = [name.word, alias ? "-c alias.p=push" : "", global, push, r.pick(PUSH_ARGS)].filter((w) => w !== "").join(" ");
  const tricks = ["git-push", `name:${name.label}`, `global:${global || "none"}`, alias ? "alias" : `push:${push}`];
  return { command, tricks, simple: !SHELL_OPERATOR.test(command) };
}

function withPath(template: string, trick: PathTrick, label: string): Draft {
  const command = trick.cd + template.replaceAll("@P", trick.path);
  return { command, tricks: [label, `path:${trick.label}`, `via:${template}`], simple: trick.cd === "" && !SHELL_OPERATOR.test(command) };
}

/** Wraps `inner` in a construct (sometimes two), quoting it the way the construct needs. */
function wrap(r: Prng, inner: Draft): Draft {
  const usable = CONSTRUCTS.filter((c) => !c.simple || inner.simple);
  const construct: Construct = r.pick(usable);
  let body = inner.command;
  if (construct.quote === "'") body = body.replaceAll("'", "'\\''");
  if (construct.quote === '"') body = body.replace(/[\\"$`]/g, "\\$&");
  const command = construct.template.replace("@C", () => body);
  return { command, tricks: [...inner.tricks, `construct:${construct.label}`], simple: false };
}

function draftFor(r: Prng): { policy: PolicyName; aim: Aim; draft: Draft } {
  if (r.chance(0.5)) {
    const roll = r.next();
    if (roll < 0.3) return { policy: "P1", aim: "rm", draft: deniedProgram(r, RM) };
    if (roll < 0.5) return { policy: "P1", aim: "curl", draft: deniedProgram(r, CURL) };
    if (roll < 0.8) return { policy: "P1", aim: "git-push", draft: gitPush(r) };
    const command = r.pick(BENIGN_PROGRAM_COMMANDS);
    return { policy: "P1", aim: "benign", draft: { command, tricks: ["benign"], simple: !SHELL_OPERATOR.test(command) } };
  }
  const roll = r.next();
  if (roll < 0.55) {
    const kind = r.int(3);
    if (kind === 0) return { policy: "P2", aim: "env", draft: withPath(r.pick(READERS), r.pick(ENV_FILE), "read-env") };
    if (kind === 1) return { policy: "P2", aim: "ssh", draft: withPath(r.pick(READERS), r.pick(SSH_FILE), "read-ssh") };
    const target = r.pick(ETC_TARGETS);
    const trick = r.pick(ETC_FILE);
    const named = { ...trick, cd: trick.cd, path: trick.path.replaceAll("@", target) };
    return { policy: "P2", aim: `etc:${target}`, draft: withPath(r.pick(READERS), named, "read-etc") };
  }
  if (roll < 0.67) {
    const ssh = r.chance(0.4);
    const trick = ssh ? r.pick(SSH_FILE) : r.pick(ENV_FILE);
    return { policy: "P2", aim: ssh ? "ssh" : "env", draft: withPath(r.pick(WRITERS), trick, ssh ? "write-ssh" : "write-env") };
  }
  if (roll < 0.85) {
    const dir = r.pick(DIRS);
    return { policy: "P2", aim: dir.aim, draft: withPath(r.pick(WALKERS), dir, `walk-${dir.aim.replace(":*", "")}`) };
  }
  return { policy: "P2", aim: "benign", draft: withPath(r.pick(READERS), r.pick(BENIGN_FILES), "benign") };
}

/** `budget` cases from `seed`: the same arguments give the same list. */
export function generate(seed: number, budget: number): Case[] {
  const r = new Prng(seed);
  const out: Case[] = [];
  const seen = new Set<string>();
  let attempts = 0;
  while (out.length < budget && attempts < budget * 20) {
    attempts++;
    const { policy, aim, draft } = draftFor(r);
    let d = draft;
    if (policy === "P2" && d.simple && !d.command.includes("'") && r.chance(0.2)) d = viaRunner(r, d);
    if (r.chance(0.6)) d = wrap(r, d);
    if (r.chance(0.15)) d = wrap(r, d);
    const key = `${policy}\0${d.command}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: out.length, policy, command: d.command, aim, tricks: d.tricks });
  }
  return out;
}
