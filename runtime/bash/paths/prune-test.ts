/**
 * find's `X -prune -o …`: find does not enter a directory for which X holds
 * (programs/analysers/find-prune.ts reads X). The walk leaves a directory out
 * only when X surely holds of it: each test answers true, false or unsure
 * (name-glob.ts), combined in three-valued logic, so a negation of an unsure
 * test stays unsure.
 */
import type { PruneTest } from "../programs/findings.js";
import { globMatch } from "./name-glob.js";

/** A walk's pruning: X, and the starting point as written (find prints paths from it). */
export interface Prune {
  readonly test: PruneTest;
  readonly start: string;
}

/** Whether find prunes the directory `below` (the names under the starting point, `a/node_modules`): true only when sure. */
export function prunes(prune: Prune, below: string): boolean {
  return holds(prune.test, prune.start, below) === true;
}

function holds(t: PruneTest, start: string, below: string): boolean | null {
  switch (t.kind) {
    case "name":
      return globMatch(t.glob, below.slice(below.lastIndexOf("/") + 1), t.caseFold);
    case "path":
      // BSD find prints `src//a` for a starting point `src/`: the path is only sure without a trailing slash.
      return start.endsWith("/") ? null : globMatch(t.glob, `${start}/${below}`, t.caseFold);
    case "type":
      return t.directory;
    case "constant":
      return t.value;
    case "not": {
      const inner = holds(t.test, start, below);
      return inner === null ? null : !inner;
    }
    case "and": {
      const left = holds(t.left, start, below);
      if (left === false) return false;
      const right = holds(t.right, start, below);
      return right === false ? false : left === true && right === true ? true : null;
    }
    case "or": {
      const left = holds(t.left, start, below);
      if (left === true) return true;
      const right = holds(t.right, start, below);
      return right === true ? true : left === false && right === false ? false : null;
    }
  }
}
