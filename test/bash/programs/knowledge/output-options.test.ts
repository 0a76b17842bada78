/**
 * knowledge/output-options.ts as a table (issue 37): long options whose name
 * says where a program without a record writes (--outDir, --outfile).
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("output-options", [
  { command: "tsc --outDir {HOME}/.ssh", want: "deny", why: "--outDir: tsc writes under ~/.ssh" },
  { command: "vite build --out-dir {HOME}/.ssh", want: "deny", why: "--out-dir is --outDir spelt another way" },
  { command: "esbuild --outfile=x.env a.ts", want: "deny", why: "--outfile names the file written" },
  { command: "esbuild --outfile=out.js a.ts", want: "allow", why: "--outfile names the file written" },
]);
