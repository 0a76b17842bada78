/**
 * knowledge/package-runners.ts as a table (issue 37): npm, npx, pnpm, yarn and
 * make: exec and dlx run a package's program.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("package-runners", [
  { command: "npx rm x", want: "deny", why: "npx runs its operand as a program" },
  { command: "npm exec -- rm x", want: "deny", why: "npm exec runs the rest of the line" },
  { command: "pnpm dlx rm x", want: "deny", why: "pnpm dlx runs its operand as a program" },
  { command: "npm --version", want: "allow", why: "npm --version runs nothing" },
  { command: "yarn --version", want: "allow", why: "yarn --version runs nothing" },
]);
