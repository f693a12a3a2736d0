import { LazyPart } from "../lazy-part.js";

/**
 * Capability discovery's own code (the request, the document's checks), loaded with `import()`
 * the first time a page asks an agent what it can do: a chat that only sends messages and streams
 * answers never loads it. A failed load is reported like an unreachable document (the
 * capabilities stay unknown, `CAPABILITIES_UNAVAILABLE`).
 */
export const CAPABILITIES_MODULE = new LazyPart("capability discovery (transport/capabilities)", () => import("./capabilities.js"));
