/**
 * knowledge/dev-environments.ts as a table (issue 37): environment managers
 * that run the rest of their line as a command, or load .env into it.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("dev-environments", [
  { command: "uv run rm x", want: "deny", why: "uv run runs the rest of the line" },
  { command: "uv run ls", want: "allow", why: "uv run runs ls" },
  { command: "poetry run rm x", want: "deny", why: "poetry run runs the rest of the line" },
  { command: "direnv exec . rm x", want: "deny", why: "direnv exec DIR runs the rest of the line" },
  { command: "pyenv exec rm x", want: "deny", why: "pyenv exec runs the rest of the line" },
  { command: "nix-shell --run 'rm x'", want: "deny", why: "nix-shell --run takes shell source" },
  { command: "dotenv -f .env ls", want: "deny", why: "dotenv -f reads the file it loads" },
]);
