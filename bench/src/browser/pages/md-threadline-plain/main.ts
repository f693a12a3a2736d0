// W6 Threadline with plain code blocks (no highlighter): what highlighting costs, and the lane to
// hold against @incremark/core, whose page draws code unhighlighted too.
import { threadlineLane } from "../md-threadline/main.js";

threadlineLane("md-threadline-plain", false);
