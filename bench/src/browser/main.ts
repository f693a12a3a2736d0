// W4 browser workload (`pnpm bench:browser`), not built yet. Planned shape, from issue 12:
// real Chromium (Debian chromium + playwright-core, timing through the Chrome DevTools Protocol)
// loads the same minimal chat page built five ways — Threadline Svelte, Threadline Vue,
// @ai-sdk/svelte Chat, @ai-sdk/vue useChat (fed the same deltas through a custom transport) and a
// hand-written page appending each delta to a text node (the floor) — and streams 2,000 deltas
// of ~4 characters after 100 and 1,000 prior messages, paced and burst. Pages go in
// src/browser/pages/, the driver here; it reuses ../generate.ts for the identical stream and
// writes its report into results.json beside the Node workloads. Its --check targets (0 list
// items visited per delta, JS per delta ≤ 2× the floor, burst block ≤ 50 ms) join targets.ts.
console.error("pnpm bench:browser: the W4 browser workload is not built yet (issue 12); see bench/src/browser/main.ts");
process.exit(1);
