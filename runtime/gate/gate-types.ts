/**
 * The gate's public types: what a call is, what a gate answers, what
 * createGate is given. Apart from gate.ts so each gate can name them without
 * importing the table that imports it (as compiler/pass.ts is apart from
 * compiler/pipeline.ts).
 */
import type { Action } from "../action.js";
import type { SessionRuleMatcher } from "../session-rules.js";

export type GateName = "registration" | "input" | "skill_read" | "path" | "external_directory" | "bash_external_directory" | "bash_path" | "tool" | "error";

export interface GateUnit {
  readonly text: string;
  readonly action: string;
  readonly matchedPattern: string | null;
  readonly context?: string;
  readonly floor?: string;
  /** Why permc floored the unit (what it cannot read). */
  readonly floorReason?: string;
  readonly derived?: true;
}

export interface GateDecision {
  readonly action: Action;
  readonly matchedPattern: string | null;
  readonly reason?: string;
  readonly origin: string;
  /** The surface whose rule decided. */
  readonly surface?: string;
  /** Which gate decided. */
  readonly gate: GateName;
  /** The value that gate checked (path alias, MCP target, bash unit). */
  readonly value?: string;
  readonly units?: readonly GateUnit[];
  readonly error?: string;
  /**
   * Every gate that asked or denied, in gate order (the decision above is the
   * first deny, else the first ask). A host that prompts asks one gate at a
   * time, and only when no gate denied (reference 32.0.1).
   */
  readonly gates?: readonly GateOutcome[];
}

/** One gate's own answer, as listed in `GateDecision.gates`. */
export type GateOutcome = Omit<GateDecision, "units" | "gates">;

export interface GateOptions {
  readonly cwd: string;
  readonly home?: string;
  readonly agentName?: string;
  readonly yolo?: boolean;
  /** When given, a tool outside this list is blocked before any check, as Pi does for unregistered tools. */
  readonly registeredTools?: readonly string[];
  readonly mcpServers?: readonly string[];
  /**
   * Pi's agent directory, for the infrastructure read bypass (reference
   * 39.0.0: its `agents/`, `extensions/`, `git/`, `npm/`, `prompts/`,
   * `skills/`, `themes/` and a few files). Default: `<home>/.pi/agent`.
   */
  readonly agentDir?: string;
  /** Further read-only infrastructure roots Pi reads from: the global `node_modules` root, Pi's install directory. Default: none. */
  readonly infrastructureDirs?: readonly string[];
  /** Canonicalises an absolute path (split/types.ts SplitOptions.realpath); default: one memo per tool call. */
  readonly realpath?: (absolute: string, likelyExists?: boolean) => string;
  /**
   * Session approvals, consulted after the compiled decision: a match turns
   * an `ask` into `allow` (origin `session`); a deny and a bash floor stay.
   */
  readonly sessionRules?: SessionRuleMatcher;
  /**
   * Skills known at agent start. A `read` of a file under a skill's `dir`
   * (the longest matching dir wins) is also decided by that skill's `skill`
   * state, resolved once here: the reference's first gate, skill-read, ANDed
   * with every other gate.
   */
  readonly skills?: ReadonlyArray<{ readonly name: string; readonly dir: string }>;
}

export interface ToolCall {
  readonly tool?: unknown;
  readonly input?: unknown;
}

export interface Gate {
  /** Never rejects: an internal error becomes `deny` with the error recorded. */
  decide(call: ToolCall): Promise<GateDecision>;
}
