/**
 * One shared web-tree-sitter parser for tree-sitter-bash.
 *
 * Initialisation loads two wasm files (the runtime and the grammar) and is
 * done once per process. Concurrent callers share the same attempt. A failed
 * attempt is forgotten, so the next call starts over; the failing call
 * rejects and the caller must block the tool call (fail closed).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Parser, Tree } from "web-tree-sitter";

/** What the splitter needs from a parser: parse a string, or return null. */
export interface BashParser {
  parse(text: string): Tree | null;
}

let pending: Promise<BashParser> | null = null;
let loaded: BashParser | null = null;
let attempts = 0;
let injectedFailure: Error | null = null;

/**
 * Thrown by `UNLOADED_PARSER`: the text needs tree-sitter, which is not
 * loaded yet. splitBash reports it as a failed split with `needsParser`; the
 * caller loads the parser and splits again.
 */
export class ParserNotLoaded extends Error {
  constructor() {
    super("the bash parser is not loaded yet");
    this.name = "ParserNotLoaded";
  }
}

/**
 * A stand-in for a parser that is not loaded: plain commands never parse
 * (plain-syntax.ts builds their tree), so a one-call process — a hook, a
 * one-line `permc eval` — need not load the grammar's wasm for them.
 */
export const UNLOADED_PARSER: BashParser = {
  parse(): never {
    throw new ParserNotLoaded();
  },
};

/** The shared parser when it is loaded, else `UNLOADED_PARSER`. */
export function loadedBashParser(): BashParser {
  return loaded ?? UNLOADED_PARSER;
}

async function loadParser(): Promise<BashParser> {
  attempts++;
  if (injectedFailure !== null) {
    const failure = injectedFailure;
    injectedFailure = null;
    throw failure;
  }
  const treeSitter = await import("web-tree-sitter");
  const require = createRequire(import.meta.url);
  // Parser.init finds its own runtime wasm beside its JS file (through fs).
  await treeSitter.Parser.init();
  // The grammar is passed as bytes: passing a path breaks in some versions. It is permc's own copy
  // (vendor/tree-sitter-bash/README.md), reached through the package's export, in a checkout and installed alike.
  const grammarPath = require.resolve("permc/tree-sitter-bash.wasm");
  const language = await treeSitter.Language.load(readFileSync(grammarPath));
  const parser: Parser = new treeSitter.Parser();
  parser.setLanguage(language);
  const bashParser: BashParser = {
    parse(text: string): Tree | null {
      return parser.parse(text);
    },
  };
  loaded = bashParser;
  return bashParser;
}

/**
 * The shared parser. Rejects when initialisation fails; the rejection is not
 * cached, so a later call retries.
 */
export function getBashParser(): Promise<BashParser> {
  if (pending === null) {
    const attempt = loadParser();
    pending = attempt;
    attempt.catch(() => {
      // Forget the failed attempt before anyone awaits again.
      if (pending === attempt) pending = null;
    });
  }
  return pending;
}

/** Where loading stands: attempts started in this process, one in flight, a parser ready (for logs and tests). */
export function bashParserStatus(): { readonly attempts: number; readonly loading: boolean; readonly loaded: boolean } {
  return { attempts, loading: pending !== null && loaded === null, loaded: loaded !== null };
}

/**
 * Test hook. Drops the cached parser; with `failNext`, the next
 * initialisation attempt rejects with that error (once).
 */
export function resetBashParserForTests(failNext?: Error): void {
  pending = null;
  loaded = null;
  injectedFailure = failNext ?? null;
}
