// The browser tests drive Debian's Chromium (never a downloaded browser). On a machine that lacks
// it, install it when we can (root with apt-get); otherwise say exactly what is missing.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is not at ${path}. The end-to-end tests need it: install Debian's 'chromium' package ` +
      `(sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
console.log("Installing Debian's chromium for the browser tests (apt-get)…");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
if (!existsSync(path)) {
  console.error(`apt-get finished but Chromium is still not at ${path}.`);
  process.exit(1);
}
