// The vocabulary of an agent's tools: tool names and argument names, as tool schemas and tool calls
// write them ("read_file", "file_path", "old_string"). They are structure, not details a person
// would miss, so they are never specifics, wherever they occur.

export const TOOL_WORDS: ReadonlySet<string> = new Set(
  // this app's tools and their arguments (src/core/fs/tools/, the memory and task tools)
  (
    'read_file write_file edit_file ls glob grep write_todos read_todos task file_path old_string ' +
    'new_string replace_all output_mode files_with_matches offset limit pattern content todos ' +
    'subagent_type description ' +
    // other agents' usual tools and arguments
    'str_replace_based_edit_tool str_replace view_range insert_line old_str new_str file_text ' +
    'multi_edit multiedit notebook_edit web_search web_fetch fetch_url run_command run_terminal_cmd ' +
    'execute_command list_dir list_directory list_files search_files codebase_search grep_search ' +
    'file_search read_many_files apply_patch update_plan ask_followup_question attempt_completion ' +
    'is_background explanation target_file relative_workspace_path should_read_entire_file ' +
    'start_line_one_indexed end_line_one_indexed start_line end_line max_results include_pattern ' +
    'exclude_pattern case_sensitive tool_call tool_calls tool_call_id tool_use tool_use_id ' +
    'tool_result tool_name function_call input_schema'
  ).split(/\s+/),
);

/** True for a tool's or an argument's name, in any case. */
export const isToolWord = (word: string): boolean => TOOL_WORDS.has(word.toLowerCase());
