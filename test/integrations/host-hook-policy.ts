/** The policy the Codex and Gemini CLI hook contract tests decide under (pi-json permission). */
export const HOST_HOOK_HOME = "/home/tester";

export const HOST_HOOK_PERMISSION = {
  "*": "ask",
  bash: { "*": "ask", "git status": "allow", "ls *": "allow", "rm *": "deny", "git push *": "deny" },
  read: { "*": "allow", "*.env": "deny" },
  write: { "*": "ask", "src/*": "allow", "*.env": "deny" },
  edit: { "*": "ask", "src/*": "allow", "*.env": "deny" },
  find: "allow",
  grep: "allow",
  ls: "allow",
  external_directory: { "*": "ask", "/etc": "deny", "/etc/*": "deny" },
  web_fetch: "allow",
  google_web_search: "deny",
  mcp: { "*": "ask", "github:get_issue": "allow", "github:delete_repo": "deny" },
};
