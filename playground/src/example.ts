import type { PlaygroundState } from "./url-state.js";

/** What the page shows before anything is typed or shared. */
export const EXAMPLE: PlaygroundState = {
  kind: "perm",
  policy: [
    "# A policy in permc's rule language; switch to JSON for a pi config.",
    "scope global",
    "default ask",
    "",
    'bash "*" ask',
    'bash "git *" allow',
    'bash "git push *" ask',
    'bash "*--force*" deny',
    'bash "rm -rf *" deny',
    'read "*" allow',
    'read "*.env" deny',
    "",
  ].join("\n"),
  calls: ["bash git status && git push --force", "read .env", "bash sudo rm -rf /"].join("\n"),
};
