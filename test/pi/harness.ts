/**
 * The extension under Pi's real extension runner (the pinned Pi dev dependency),
 * shared by the test/pi files. Pi's root import takes about a second: each
 * file pays it once, in loadPi().
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { piExtensionRunner, type PiModule } from "../../bench/pi-runner.js";
import { createPermcExtension, type PermcPiOptions } from "../../runtime/pi/index.js";
import { sandbox, writeModule } from "./helpers.js";

export type { PiModule };
type Runner = InstanceType<PiModule["ExtensionRunner"]>;

export const HOME = "/home/tester";
export let pi: PiModule;

export async function loadPi(): Promise<PiModule> {
  pi = await import("@mariozechner/pi-coding-agent");
  return pi;
}

export interface Harness {
  runner: Runner;
  cwd: string;
  agentDir: string;
  /** The user-level module. */
  modulePath: string;
  projectModulePath: string;
  logPath: string;
  call(toolName: string, input: unknown): Promise<{ block?: boolean; reason?: string } | undefined>;
  log(): Array<Record<string, unknown>>;
}

export interface Setup {
  /** Where `module` is written: the user-level module (default) or the project's. */
  readonly at?: "user" | "project";
  /**
   * `ctx.isProjectTrusted` as newer Pi versions provide it; Pi 0.73.1 has
   * none, so without this the runner is Pi's own, unchanged.
   */
  readonly trust?: () => unknown;
}

/** Pi's runner with the context a Pi that reports project trust gives extensions. */
function runnerClass(trust: (() => unknown) | undefined): PiModule["ExtensionRunner"] {
  if (trust === undefined) return pi.ExtensionRunner;
  return class extends pi.ExtensionRunner {
    override createContext() {
      return Object.assign(super.createContext(), { isProjectTrusted: trust });
    }
  };
}

/** The extension built from the sources (so test hooks reach the same modules), loaded by Pi's resource loader. */
export async function harness(options: Partial<PermcPiOptions> = {}, module: string | null, setup: Setup = {}): Promise<Harness> {
  const box = sandbox();
  if (module !== null) writeModule(setup.at === "project" ? box.projectModulePath : box.modulePath, module);
  const logPath = path.join(box.agentDir, "permc", "review.jsonl");
  const factory = createPermcExtension({ agentDir: box.agentDir, home: HOME, platform: "posix", env: {}, ...options });
  const runner = await piExtensionRunner(pi, { cwd: box.cwd, agentDir: box.agentDir, factories: [factory], Runner: runnerClass(setup.trust) });
  let n = 0;
  return {
    runner,
    ...box,
    logPath,
    call: (toolName, input) => runner.emitToolCall({ type: "tool_call", toolName, toolCallId: `t${++n}`, input } as never),
    log: () =>
      existsSync(logPath)
        ? readFileSync(logPath, "utf8")
            .trim()
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>)
        : [],
  };
}

/** A scripted UI: select answers in order; notifications and prompts recorded. */
export function scriptedUi(answers: Array<string | undefined | Error>) {
  const notes: string[] = [];
  const prompts: Array<{ title: string; options: string[] }> = [];
  const ui = {
    select: async (title: string, options: string[]) => {
      prompts.push({ title, options });
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return a;
    },
    confirm: async () => false,
    input: async () => undefined,
    notify: (m: string) => void notes.push(m),
    onTerminalInput: () => () => {},
    setStatus: () => {},
    setWorkingMessage: () => {},
    setWidget: () => {},
    setFooter: () => {},
    setHeader: () => {},
    setTitle: () => {},
  };
  return { ui: ui as never, notes, prompts };
}

export const blocked = (r: { block?: boolean } | undefined) => r?.block === true;
