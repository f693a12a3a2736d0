import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type DefaultTheme } from "vitepress";

const root = fileURLToPath(new URL("..", import.meta.url));

// Pages other issues write (resume, streaming markdown, branching, devtools) appear in the sidebar
// once their file exists, so the site never links to a page that is not there.
function page(text: string, link: string): DefaultTheme.SidebarItem[] {
  return existsSync(`${root}${link}.md`) ? [{ text, link: `/${link}` }] : [];
}

export default defineConfig({
  title: "Threadline",
  description: "A fine-grained reactive AG-UI client for Svelte, Vue and plain TypeScript.",
  cleanUrls: true,
  lastUpdated: false,
  // The API reference is generated into api/ by TypeDoc before every dev or build run.
  ignoreDeadLinks: false,
  themeConfig: {
    nav: [
      { text: "Guide", link: "/guide/" },
      { text: "Backends", link: "/backends/" },
      { text: "Reference", link: "/reference/errors" },
      { text: "API", link: "/api/core/" },
    ],
    sidebar: [
      {
        text: "Start",
        items: [
          { text: "What and why", link: "/guide/" },
          { text: "Install", link: "/guide/install" },
          { text: "Your first chat", link: "/guide/first-chat" },
          { text: "Security", link: "/guide/security" },
          { text: "Svelte", link: "/guide/svelte" },
          { text: "Vue", link: "/guide/vue" },
          { text: "Nuxt", link: "/guide/nuxt" },
          { text: "The chat client", link: "/guide/chat-client" },
        ],
      },
      {
        text: "Guides",
        items: [
          { text: "Tools and approvals", link: "/guide/tools-and-approvals" },
          { text: "Streaming tool arguments", link: "/guide/streaming-tool-arguments" },
          { text: "Interrupts", link: "/guide/interrupts" },
          { text: "Generative UI", link: "/guide/generative-ui" },
          { text: "Generative UI standards (A2UI, MCP Apps)", link: "/guide/generative-ui-standards" },
          { text: "Persistence and threads", link: "/guide/persistence" },
          { text: "Multi-tab", link: "/guide/multi-tab" },
          { text: "Long threads: ThreadWindow", link: "/guide/thread-window" },
          { text: "Bundle size", link: "/guide/bundle-size" },
          ...page("Resume a run", "guide/resume"),
          ...page("Streaming markdown", "guide/streaming-markdown"),
          ...page("Branching", "guide/branching"),
          ...page("Attachments", "guide/attachments"),
          ...page("Devtools", "guide/devtools"),
          ...page("Subagents and capabilities", "guide/subagents"),
          { text: "Runs, middleware, subscribers", link: "/guide/runs" },
          { text: "Folding events yourself", link: "/guide/fold-events" },
          { text: "Testing your app", link: "/guide/testing" },
        ],
      },
      {
        text: "Backends",
        items: [
          { text: "Any AG-UI server, LangGraph", link: "/backends/" },
          { text: "Mastra", link: "/backends/mastra" },
          { text: "CopilotKit runtime", link: "/backends/copilotkit" },
        ],
      },
      {
        text: "Reference",
        items: [
          { text: "Imports: root and subpaths", link: "/reference/imports" },
          { text: "Transports", link: "/reference/transports" },
          { text: "The signal graph", link: "/reference/signal-graph" },
          { text: "The event pipeline", link: "/reference/pipeline" },
          { text: "Errors and warnings", link: "/reference/errors" },
          { text: "Differences from AG-UI", link: "/reference/deviations" },
          { text: "Benchmarks", link: "/reference/benchmarks" },
        ],
      },
      {
        text: "API (from TSDoc)",
        items: [
          { text: "@threadline/core", link: "/api/core/" },
          { text: "@threadline/svelte", link: "/api/svelte/" },
          { text: "@threadline/vue", link: "/api/vue/" },
        ],
      },
      {
        text: "Contributing",
        items: [
          { text: "Developing Threadline", link: "/contributing/" },
          { text: "The playground", link: "/contributing/playground" },
        ],
      },
    ],
    outline: { level: [2, 3] },
    search: { provider: "local" },
  },
  markdown: {
    // Inline code such as `{{ text }}` is text, not a Vue interpolation (fences already are).
    config(md) {
      const inline = md.renderer.rules.code_inline!;
      md.renderer.rules.code_inline = (tokens, idx, options, env, self) =>
        inline(tokens, idx, options, env, self).replace(/^<code/, "<code v-pre");
    },
  },
  vite: {
    server: { host: "127.0.0.1" },
  },
});
