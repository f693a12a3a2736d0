// Debian's Chromium driven by playwright-core, never a downloaded browser, on a fresh profile.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Every page stays "visible": no timer throttling of the pages waiting for their turn.
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

export interface Chromium {
  readonly context: BrowserContext;
  readonly version: string;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's 'chromium' package (or set CHROMIUM_PATH).`);
  }
  const userDataDir = await mkdtemp(join(tmpdir(), "threadline-w4-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  const { product } = (await session.send("Browser.getVersion")) as { product: string };
  await session.detach();
  const version = product.replace(/^[A-Za-z]+\//, "");
  return {
    context,
    version,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
