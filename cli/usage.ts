/**
 * Command-line parsing shared by every command: Node's parseArgs behind
 * messages a person can act on (a did-you-mean for a misspelt option, never
 * Node's raw text). Kept free of compiler imports: `permc --help` and
 * `permc eval` load it on their fast path.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { suggestKey } from "../compiler/frontend/suggest-key.js";

/** Bad usage: reported with the command's help, exit 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The closest name to a misspelt one: one or two edits away (swaps count once), or one is a prefix of the other (`--output` → `--out`). */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  const close = suggestKey(word, known);
  if (close !== undefined) return close;
  const lower = word.toLowerCase();
  return known.find((k) => Math.min(k.length, lower.length) >= 3 && (lower.startsWith(k) || k.startsWith(lower)));
}

/** `-o/--out` for an option that has a short form, else `--name`. */
function spell(name: string, options: Options): string {
  const short = options[name]?.short;
  return short !== undefined ? `-${short}/--${name}` : `--${name}`;
}

/**
 * parseArgs (strict) with permc's messages. `extraFlags` are flags the
 * command takes out of argv itself (compile's --global F …), offered as
 * suggestions too.
 */
export function parseOptions<T extends ParseArgsConfig & { options: Options }>(
  config: T & { args: readonly string[]; extraFlags?: readonly string[] },
): ReturnType<typeof parseArgs<T>> {
  const { args, extraFlags = [], ...rest } = config;
  try {
    return parseArgs({ ...rest, args: [...args], strict: true } as unknown as T);
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    if (!code.startsWith("ERR_PARSE_ARGS")) throw e;
    throw new UsageError(usageMessage(code, (e as Error).message, args, config.options, extraFlags));
  }
}

function usageMessage(code: string, raw: string, args: readonly string[], options: Options, extraFlags: readonly string[]): string {
  const quoted = /'([^']*)'/.exec(raw)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const flag = quoted.split("=")[0]!;
    const bare = flag.replace(/^-+/, "");
    const names = Object.keys(options);
    const near = flag.startsWith("--") || bare.length > 1 ? didYouMean(bare, [...names, ...extraFlags.map((f) => f.replace(/^-+/, ""))]) : undefined;
    const hint = near === undefined ? "" : names.includes(near) ? `; did you mean ${spell(near, options)}?` : `; did you mean --${near}?`;
    return `unknown option ${flag}${hint}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const name =
      Object.keys(options)
        .sort((a, b) => b.length - a.length)
        .find((n) => raw.includes(`--${n} `) || raw.includes(`--${n}'`)) ?? "";
    if (name === "") return "an option is missing its value";
    return options[name]!.type === "string" ? `option ${spell(name, options)} needs a value` : `option ${spell(name, options)} takes no value`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    const extra = args.find((a) => !a.startsWith("-")) ?? quoted;
    return `unexpected argument ${JSON.stringify(extra)}`;
  }
  return "invalid arguments";
}
