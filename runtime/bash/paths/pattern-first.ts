/**
 * Commands whose first operands are patterns, not paths (grep, rg, sed, awk,
 * sd), as the reference reads them: how many positional patterns come
 * before the paths, and which options take a value (a pattern, a number) or
 * a path. An option that supplies the pattern (`-e`, `-f`) leaves no
 * positional pattern. Data apart from the collector that reads it.
 */

import { mayBeLongOption } from "../programs/long-prefix.js";

export interface PatternFirst {
  /** Positional patterns before the paths. */
  readonly patterns: number;
  /** Short options taking a non-path argument; those in `noInline` replace the positional pattern. */
  readonly shortValue: string;
  readonly shortPath: string;
  readonly longValue: readonly string[];
  readonly longPath: readonly string[];
  readonly noInline: readonly string[];
}

const GREP: PatternFirst = {
  patterns: 1,
  shortValue: "eABCmdD",
  shortPath: "f",
  longValue: [
    "regexp",
    "after-context",
    "before-context",
    "context",
    "max-count",
    "directories",
    "devices",
    "label",
    "include",
    "exclude",
    "exclude-dir",
    "binary-files",
    "color",
    "colour",
    "group-separator",
  ],
  longPath: ["file", "exclude-from"],
  noInline: ["e", "f", "regexp", "file"],
};
const RG: PatternFirst = {
  patterns: 1,
  shortValue: "eABCmgtTjMErd",
  shortPath: "f",
  longValue: [
    "regexp",
    "after-context",
    "before-context",
    "context",
    "max-count",
    "glob",
    "iglob",
    "type",
    "type-not",
    "threads",
    "max-columns",
    "encoding",
    "replace",
    "max-depth",
    "max-filesize",
    "type-add",
    "type-clear",
    "sort",
    "sortr",
    "color",
    "colors",
    "context-separator",
    "field-match-separator",
    "path-separator",
    "pre",
    "pre-glob",
    "engine",
    "dfa-size-limit",
    "regex-size-limit",
  ],
  longPath: ["file", "ignore-file"],
  noInline: ["e", "f", "regexp", "file"],
};
const SED: PatternFirst = {
  patterns: 1,
  shortValue: "el",
  shortPath: "f",
  longValue: ["expression", "line-length"],
  longPath: ["file"],
  noInline: ["e", "f", "expression", "file"],
};
const AWK: PatternFirst = {
  patterns: 1,
  shortValue: "Fve",
  shortPath: "fiEl",
  longValue: ["field-separator", "assign", "source"],
  longPath: ["file", "include", "exec", "load"],
  noInline: ["f", "e", "E", "file", "source", "exec"],
};
const SD: PatternFirst = {
  patterns: 2,
  shortValue: "fn",
  shortPath: "",
  longValue: ["flags", "max-replacements"],
  longPath: [],
  noInline: [],
};

/**
 * What a long option given as `name` may be: GNU getopt takes any unique
 * prefix (`grep --fil=.env` is `--file`), so a prefix of a path option is
 * read as one, of a value option as one, and of an option that supplies the
 * pattern as that (an ambiguous prefix, which getopt refuses, is read the
 * strictest way: a path, and no positional pattern).
 */
export function longOptionRole(pf: PatternFirst, name: string): { readonly path: boolean; readonly value: boolean; readonly suppliesPattern: boolean } {
  const is = (list: readonly string[]): boolean => list.includes(name) || mayBeLongOption(name, list);
  const exact = pf.longPath.includes(name) || pf.longValue.includes(name);
  const path = exact ? pf.longPath.includes(name) : is(pf.longPath);
  return {
    path,
    value: !path && (exact ? pf.longValue.includes(name) : is(pf.longValue)),
    suppliesPattern: exact ? pf.noInline.includes(name) : is(pf.noInline),
  };
}

export const PATTERN_FIRST: ReadonlyMap<string, PatternFirst> = new Map([
  ["grep", GREP],
  ["egrep", GREP],
  ["fgrep", GREP],
  ["rg", RG],
  ["sed", SED],
  ["awk", AWK],
  ["gawk", AWK],
  ["nawk", AWK],
  ["sd", SD],
]);
