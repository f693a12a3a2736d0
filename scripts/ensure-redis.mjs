// The run-log tests (core/test/server) start Debian's redis-server on a free 127.0.0.1 port. On a
// machine that lacks it, install it when we can (root with apt-get); otherwise say what is missing.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `redis-server is not at ${path}. The run-log tests need it: install Debian's 'redis-server' package ` +
      `(sudo apt-get install redis-server) or set REDIS_SERVER_PATH to a redis-server binary.`,
  );
  process.exit(1);
}
console.log("Installing Debian's redis-server for the run-log tests (apt-get)…");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
// --no-install-recommends: the binary only; the tests start it themselves (no service is enabled here).
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "redis-server"], { stdio: "inherit", env });
if (!existsSync(path)) {
  console.error(`apt-get finished but redis-server is still not at ${path}.`);
  process.exit(1);
}
