// Modules of the reader's own app that snippets import by name (a script file, so these are
// declarations, not augmentations).
declare module "$lib/agent" {
  /** The app's AG-UI agent, e.g. from @ag-ui/mastra. */
  export function createAgent(): import("@threadline/core").AgUiAgentLike;
}
