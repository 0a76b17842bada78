/**
 * knowledge/dev-environments.ts as a table (issue 37): environment managers
 * that run the rest of their line as a command, or load .env into it.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("dev-environments", [
  { command: "uv run rm x", want: "deny", why: "uv run runs the rest of the line" },
  { command: "uv run ls", want: "allow", why: "uv run runs ls" },
  { command: "poetry run rm x", want: "deny", why: "poetry run runs the rest of the line" },
  {
    command: "poetry config virtualenvs.path /tmp/v && poetry install",
    want: "ask",
    why: "poetry's settings move where it writes its virtualenv (a real run)",
  },
  { command: "poetry install", want: "allow", why: "nothing set first" },
  { command: "direnv exec . rm x", want: "deny", why: "direnv exec DIR runs the rest of the line" },
  { command: "pyenv exec rm x", want: "deny", why: "pyenv exec runs the rest of the line" },
  { command: "nix-shell --run 'rm x'", want: "deny", why: "nix-shell --run takes shell source" },
  { command: "dotenv -f .env ls", want: "deny", why: "dotenv -f reads the file it loads" },
  { command: "dotenv -f vars.txt run ls", want: "ask", why: "ls gets the file's variables, which permc does not read (GREP=rm there made zgrep run rm)" },
  { command: "uv run --env-file vars.txt ls", want: "ask", why: "uv run --env-file loads the file into ls" },
  { command: "op run --env-file=vars.txt -- ls", want: "ask", why: "op run --env-file loads the file into ls" },
  { command: "UV_ENV_FILE=vars.txt uv run ls", want: "ask", why: "UV_ENV_FILE names the file uv run loads" },
  { command: "printf 'import os' > setup.py && conda env create", want: "ask", why: "an environment file's pip section installs the project" },
  { command: "printf '{ shellHook = \"touch y\"; }' > shell.nix && nix-shell", want: "ask", why: "nix-shell runs shell.nix's shellHook" },
  { command: "printf 'touch y' > ~/.pyenv/plugins/p/etc/pyenv.d/exec/x.bash && pyenv exec ls", want: "ask", why: "pyenv sources its hooks" },
  { command: "printf 'touch y' > ~/.asdf/plugins/p/bin/exec-env && asdf exec ls", want: "ask", why: "asdf sources a plugin's exec-env" },
]);

/**
 * Program rules only (no path rule reads `.env`): a runner that loads a file of variables into what it runs still
 * asks, because the file may set PATH, LD_PRELOAD or a variable a program runs (`GREP=rm` in `vars` made
 * `dotenv -f vars run zgrep victim notes.txt` run `rm victim`: python-dotenv under strace, by hand).
 */
knowledgeTable(
  "dev-environments",
  [
    { command: "dotenv run zgrep x notes.txt", want: "ask", why: "dotenv run loads .env into zgrep" },
    { command: "dotenv -f vars.txt run ls", want: "ask", why: "dotenv run -f loads that file" },
    { command: "godotenv ls", want: "ask", why: "godotenv loads .env into ls" },
    { command: "env-cmd ls", want: "ask", why: "env-cmd loads .env into ls" },
    { command: "foreman run ls", want: "ask", why: "foreman run loads .env into ls" },
    { command: "pipenv run ls", want: "ask", why: "pipenv run loads .env into ls" },
    {
      command: "echo LD_PRELOAD=/tmp/x.so > .env && pipenv install",
      want: "ask",
      why: "pipenv loads .env into its own environment for every command: pipenv install loaded x.so (a real run)",
    },
    { command: "uv run ls", want: "allow", why: "uv run loads no file unless told one" },
    { command: "printf 'on: push\\njobs: {}\\n' > .github/workflows/x.yml && act", want: "ask", why: "act runs the workflows' steps" },
    { command: "printf -- '-P x=-self-hosted\\n' > .actrc && act", want: "ask", why: ".actrc's flags may run the steps on the host" },
    { command: "echo 'touch y' > .mise/tasks/build && mise run build", want: "ask", why: "a mise file task has no extension" },
    { command: "act -l", want: "allow", why: "nothing written first" },
    { command: "printf 'import os' > setup.py && pipenv install -e .", want: "ask", why: "pipenv installs the project, building it with setup.py" },
    // Procfile runners start the Procfile's commands (foreman 0.87, real runs: the Procfile's `rm` removed the victim).
    { command: "printf 'x: rm -f victim\\n' > Procfile && foreman start", want: "deny", why: "foreman start runs the Procfile it was written" },
    { command: "printf 'x: rm -f victim\\n' > Procfile.dev && foreman start -f Procfile.dev", want: "deny", why: "-f names the Procfile it runs" },
    { command: "printf 'x: rm -f victim\\n' > p && foreman start --procfile=p", want: "deny", why: "--procfile names the Procfile it runs" },
    { command: "printf 'x: rm -f victim\\n' > Procfile.dev && bin/dev", want: "deny", why: "Rails' bin/dev starts Procfile.dev" },
    { command: "echo 'rm -f victim' > s.sh && honcho start", want: "deny", why: "a Procfile's command may run the script written first: its text is judged" },
    { command: "echo 'PAGER=less' > .env && overmind start", want: "ask", why: "the started commands get .env's variables" },
    { command: "foreman start && honcho start web", want: "allow", why: "nothing written first: the project's own Procfile" },
    { command: "echo x > notes.txt && foreman start", want: "allow", why: "notes.txt is no code" },
    // mise reads mise.toml on every command (`[env]` `_.source`, `[hooks]`), and `mise run` runs its tasks.
    { command: "printf '[tasks.x]\\nrun = \"rm y\"\\n' > mise.toml && mise run x", want: "ask", why: "mise run runs the task written first" },
    { command: "printf '[env]\\n_.source = \"./s.sh\"\\n' > .mise.toml && mise ls", want: "ask", why: "every mise command sources what mise.toml names" },
    { command: "mise run build", want: "allow", why: "nothing written first" },
  ],
  { "*": "allow", bash: { "*": "allow", "rm *": "deny" } },
);
