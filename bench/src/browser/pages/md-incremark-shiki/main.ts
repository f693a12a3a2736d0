// W6 @incremark/core + Shiki: the md-incremark lane with code blocks highlighted as incremark's
// renderers highlight them (code.ts), on the Shiki build Threadline's renderer uses.
import { incremarkLane } from "../md-incremark/main.js";
import { pageShiki, StreamedCode } from "./code.js";

incremarkLane("md-incremark-shiki", async () => {
  const shiki = await pageShiki();
  return () => new StreamedCode(shiki);
});
