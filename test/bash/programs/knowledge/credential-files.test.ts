/**
 * knowledge/credential-files.ts as a table (issue 37): commands that print a
 * credential file without naming it (readsImplicitly): a rule denying that
 * file asks; a command that only talks to its service reads none. Policy:
 * /etc/passwd, ~/.aws/*, ~/.config/gh/* and ~/.kube/* denied (the fixture
 * holds a file in each of those home folders).
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable(
  "credential-files",
  [
    { command: "getent passwd", want: "ask", why: "getent prints /etc/passwd" },
    { command: "aws configure get aws_secret_access_key", want: "ask", why: "aws configure prints ~/.aws/credentials" },
    { command: "aws s3 ls", want: "allow", why: "aws s3 uses the credential but prints none" },
    { command: "gh auth token", want: "ask", why: "gh auth token prints the token in ~/.config/gh/hosts.yml" },
    { command: "gh pr list", want: "allow", why: "gh pr list prints no credential" },
    { command: "kubectl config view --raw", want: "ask", why: "kubectl config view prints ~/.kube/config" },
    { command: "kubectl get pods", want: "allow", why: "kubectl get prints no credential" },
  ],
  { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "/etc/passwd": "deny", "~/.aws/*": "deny", "~/.config/gh/*": "deny", "~/.kube/*": "deny" } },
);
