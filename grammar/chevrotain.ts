/**
 * chevrotain, loaded from the single-file ESM build its package ships
 * (`lib/chevrotain.mjs`, same version and source as its module tree).
 * Importing the package entry loads hundreds of small ESM files (its
 * lodash-es dependency) and takes ~0.5-1 s; the bundle takes ~50 ms, which
 * keeps `import("permc")` and every CLI command fast to start. Falls back to
 * the package entry if a release stops shipping the bundle.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Chevrotain from "chevrotain";

/** The bundle beside the package's entry (`lib/src/api.js` → `lib/chevrotain.mjs`). */
export const CHEVROTAIN_BUNDLE = path.join(path.dirname(createRequire(import.meta.url).resolve("chevrotain")), "..", "chevrotain.mjs");

const chevrotain = (existsSync(CHEVROTAIN_BUNDLE) ? await import(pathToFileURL(CHEVROTAIN_BUNDLE).href) : await import("chevrotain")) as typeof Chevrotain;

export const { createToken, CstParser, Lexer } = chevrotain;
