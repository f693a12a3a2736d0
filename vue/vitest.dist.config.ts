// The published build, rendered: test-dist/ renders components from vue/dist against
// @threadline/core's dist (no alias to the sources, as the other vue tests have), so a member name
// core's build shortened (core/mangle.json) and a binding still reads fails here. Run after
// `pnpm build`.
import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "vue-dist",
    environment: "jsdom",
    include: ["test-dist/**/*.test.ts"],
    testTimeout: 30_000,
    // The testing libraries through Vite, sharing the one Vue instance the components use.
    server: { deps: { inline: ["@vue/test-utils", "@testing-library/vue"] } },
  },
});
