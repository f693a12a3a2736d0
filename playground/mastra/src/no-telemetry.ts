// Imported first by every entry point of this package (ES modules evaluate imports in order, so
// this runs before Mastra is loaded). Mastra reads these when it would report usage or fetch
// provider data; the playground must never reach the network.
process.env.MASTRA_TELEMETRY_DISABLED = "1";
process.env.DO_NOT_TRACK = "1";
process.env.MASTRA_OFFLINE = "1";

export {};
