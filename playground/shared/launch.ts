// Starts the playground: the scripted AG-UI server, the Mastra backend and the two apps, in this
// process. `pnpm playground` uses it with fixed ports and Vite dev servers; the Chromium tests
// use it with free ports and production builds served by `vite preview`.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from "vite";
import { startServer, type ServerOptions } from "../server/server.js";

export type AppName = "svelte" | "vue";

export interface LaunchOptions {
  /** Scripted server port (0: a free one). */
  readonly scriptedPort: number;
  /** Mastra backend port; `false` leaves Mastra out. */
  readonly mastraPort: number | false;
  /** The apps to serve and their ports (0: a free one). */
  readonly apps: Partial<Record<AppName, number>>;
  /** `dev`: Vite dev servers (hot reload). `preview`: build once, serve the build. */
  readonly mode: "dev" | "preview";
  /** Pacing of the scripted server (see its README section). */
  readonly scripted?: Pick<ServerOptions, "speed" | "delayMs" | "onRunEnd" | "runStore">;
  /** Delay between the Mastra model's stream parts (ms). */
  readonly mastraChunkDelayMs?: number;
  readonly logLevel?: "info" | "warn" | "error" | "silent";
}

export interface Playground {
  /** Origins (no trailing slash). */
  readonly scripted: string;
  readonly mastra: string | undefined;
  readonly apps: Partial<Record<AppName, string>>;
  close(): Promise<void>;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Starts everything; if one part fails to start, what already started is stopped again. */
export async function launchPlayground(options: LaunchOptions): Promise<Playground> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) {
      await closer().catch((error: unknown) => console.warn("closing the playground:", error));
    }
  };
  try {
    const scripted = await startServer({ port: options.scriptedPort, ...options.scripted });
    closers.push(() => scripted.close());

    let mastra: string | undefined;
    if (options.mastraPort !== false) {
      // Imported only when wanted: loading Mastra takes a few seconds.
      const { startMastraServer } = await import("../mastra/src/server.js");
      const server = await startMastraServer({
        port: options.mastraPort,
        chunkDelayMs: options.mastraChunkDelayMs ?? 30,
        logLevel: options.logLevel === "silent" ? "silent" : "warn",
      });
      closers.push(() => server.close());
      mastra = server.origin;
    }

    const apps: Partial<Record<AppName, string>> = {};
    for (const name of ["svelte", "vue"] as const) {
      const port = options.apps[name];
      if (port === undefined) continue;
      const served = options.mode === "dev" ? await serveDev(name, port, options) : await servePreview(name, port, options);
      closers.push(served.close);
      apps[name] = served.url;
    }
    return { scripted: scripted.origin, mastra, apps, close };
  } catch (error) {
    await close();
    throw error;
  }
}

interface Served {
  readonly url: string;
  close(): Promise<void>;
}

function appConfig(name: AppName, options: LaunchOptions) {
  const root = here(`../${name}`);
  return { root, configFile: join(root, "vite.config.ts"), logLevel: options.logLevel ?? "info" } as const;
}

async function serveDev(name: AppName, port: number, options: LaunchOptions): Promise<Served> {
  const server: ViteDevServer = await createServer({
    ...appConfig(name, options),
    server: { host: "127.0.0.1", port, strictPort: port !== 0 },
  });
  await server.listen();
  return { url: firstUrl(server.resolvedUrls?.local, name), close: () => server.close() };
}

async function servePreview(name: AppName, port: number, options: LaunchOptions): Promise<Served> {
  const outDir = await mkdtemp(join(tmpdir(), `threadline-${name}-`));
  const config = appConfig(name, options);
  await build({ ...config, build: { outDir, emptyOutDir: true } });
  const server: PreviewServer = await preview({
    ...config,
    build: { outDir },
    preview: { host: "127.0.0.1", port, strictPort: port !== 0, open: false },
  });
  return {
    url: firstUrl(server.resolvedUrls?.local, name),
    close: async () => {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

function firstUrl(urls: readonly string[] | undefined, name: AppName): string {
  const url = urls?.[0];
  if (url === undefined) throw new Error(`the ${name} app's server has no local URL`);
  return url.endsWith("/") ? url.slice(0, -1) : url;
}
