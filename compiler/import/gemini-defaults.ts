// What Gemini CLI 0.61.0 decides before any user policy: its shipped
// default tier (the `policies/*.toml` in @google/gemini-cli-core), in the
// default approval mode of an interactive session. Those files allow the
// reading tools, web search, subagents and a few session tools; everything
// else falls to the interactive default, ask. An import starts from these
// allows, as Gemini CLI does, so that its rules are read on top of the same
// ground. test/import/gemini-defaults.test.ts checks this list against the
// shipped files (copied into test/fixtures/gemini-policies/).
//
// Left out on purpose: the subagents' own names (`codebase_investigator`,
// `cli_help`), which Gemini CLI matches against `invoke_agent` calls and
// which `invoke_agent` below covers; and `exit_plan_mode`, which the default
// tier denies outside plan mode: permc's policy also applies in plan mode,
// where the same files ask for it, so it stays at ask.

/** Tools the default tier allows in the default mode. */
export const GEMINI_DEFAULT_ALLOWED_TOOLS: readonly string[] = [
  "glob",
  "grep_search",
  "list_directory",
  "read_file",
  "google_web_search",
  "get_internal_docs",
  "tracker_create_task",
  "tracker_update_task",
  "tracker_get_task",
  "tracker_list_tasks",
  "tracker_add_dependency",
  "tracker_visualize",
  "update_topic",
  "complete_task",
  "read_mcp_resource",
  "list_mcp_resources",
  "invoke_agent",
];
