/**
 * knowledge/implicit-code.ts as a table (issue 37): files programs run as code
 * without naming them: one the same command writes first makes a two-step.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("implicit-code", [
  { command: "echo 'rm x' > .git/hooks/pre-commit && git commit -m x", want: "deny", why: "git commit runs the pre-commit hook just written" },
  { command: "echo 'rm x' > Makefile && make", want: "deny", why: "make runs the Makefile just written" },
  { command: "printf x > conftest.py && pytest", want: "ask", why: "pytest runs the conftest.py just written" },
  { command: "echo 'rm x' >> {HOME}/.bashrc && bash -i x.sh", want: "deny", why: "an interactive bash runs ~/.bashrc" },
  { command: "echo hi > notes2.txt && git commit -m x", want: "allow", why: "notes2.txt is data to git" },
  { command: "echo hi > notes2.txt && make", want: "allow", why: "notes2.txt is data to make" },
  {
    command: `printf 'resource "terraform_data" "x" {\n provisioner "local-exec" { command = "rm victim" }\n}\n' > x.tf && terraform apply -auto-approve`,
    want: "ask",
    why: "terraform, a program permc does not know, may run the x.tf just written (a local-exec provisioner ran rm)",
  },
  { command: "echo x > Tiltfile && tilt up", want: "ask", why: "a Tiltfile is Starlark tilt runs" },
  { command: "echo x > Brewfile && brew bundle", want: "ask", why: "a Brewfile is Ruby" },
  { command: "echo x > lefthook.yml && lefthook run pre-commit", want: "ask", why: "lefthook's hooks are commands" },
  { command: "echo x > Containerfile && buildah bud .", want: "ask", why: "a Dockerfile by another name, to a builder permc does not know" },
  { command: "echo hi > notes2.txt && terraform plan", want: "allow", why: "notes2.txt is data to terraform too" },
  { command: "echo 'scriptShell: ./s.sh' > pnpm-workspace.yaml && pnpm run build", want: "ask", why: "pnpm's settings name the shell its scripts run in" },
  { command: "cp ../other/package-lock.json package-lock.json && npm ci", want: "ask", why: "a lock file names the packages npm ci fetches and builds" },
  { command: "cp ../other/Makefile . && make", want: "ask", why: "a file copied into a directory lands as its own name: make runs the copy" },
  { command: "rsync -a ../other/ . && make", want: "ask", why: "a tree's contents land as any names" },
  { command: "cp notes.txt backup/ && make", want: "allow", why: "notes.txt lands as notes.txt, data to make" },
]);
