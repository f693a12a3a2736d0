// Runs a command on one of the Node versions the project is tested on, taken from the npm registry.
//
//   node scripts/with-node.mjs <22|24|26> <command> [args…]
//
// The test command develops on Node 24 and runs the core and binding suites on 22 and 26 as well,
// while the machine it starts on may have only Node 20 and npm. Node itself is published on the npm
// registry as `node-<platform>-<arch>` (the official binary, nothing else in the package), so npm
// installs it like any package, once, into .cache/node/<version>/ (git-ignored); later runs reuse
// it. Nothing is fetched from anywhere but the registry npm is configured with.
//
// The command runs with that Node's directory first on PATH, so `node`, and `pnpm`, `npx`, `vitest`
// (scripts that start with `#!/usr/bin/env node`) in every child process, run on it.
//
// This file runs on the machine's own Node before the pinned one exists: keep it to node: built-ins
// and syntax Node 18 reads.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The exact releases the test command runs on, by major. Move them together with the docs
 *  (README's development section, docs/guide/install.md); 24's also in pnpm-workspace.yaml. */
export const nodeVersions = { 22: "22.23.5", 24: "24.22.3", 26: "26.12.1" };

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The registry package that carries Node's binary for this machine. */
function binaryPackage() {
  const platforms = { linux: "linux", darwin: "darwin" };
  const platform = platforms[process.platform];
  if (platform === undefined || (process.arch !== "x64" && process.arch !== "arm64")) {
    throw new Error(
      `with-node: no registry build of Node is wired up for ${process.platform}-${process.arch}; ` +
        `run the command on a matching Node yourself.`,
    );
  }
  return `node-${platform}-${process.arch}`;
}

/** Installs Node `version` from the registry unless it is cached; returns the directory of its binary. */
export function nodeBinDir(version) {
  if (process.version === `v${version}`) return dirname(process.execPath);
  const pkg = binaryPackage();
  const dir = join(root, ".cache", "node", version);
  const bin = join(dir, "node_modules", pkg, "bin");
  if (existsSync(join(bin, "node"))) return bin;

  // Install beside the cache entry and rename into place, so an interrupted or concurrent install
  // never leaves a half-written Node where the next run would take it as complete.
  const staging = `${dir}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, "package.json"), `{ "private": true }\n`);
  console.error(`with-node: installing ${pkg}@${version} from the npm registry into ${relative(root, dir)}/`);
  const npm = spawnSync(
    "npm",
    ["install", "--prefix", staging, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", `${pkg}@${version}`],
    { stdio: "inherit" },
  );
  if (npm.error !== undefined || npm.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const why = npm.error !== undefined ? npm.error.message : `npm exited with ${npm.status ?? npm.signal}`;
    throw new Error(`with-node: could not install ${pkg}@${version} (${why}).`);
  }
  const stagedBin = join(staging, "node_modules", pkg, "bin");
  const reported = spawnSync(join(stagedBin, "node"), ["--version"], { encoding: "utf8" }).stdout?.trim();
  if (reported !== `v${version}`) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`with-node: ${pkg}@${version} installed, but its node reports ${JSON.stringify(reported)}.`);
  }
  if (existsSync(join(bin, "node"))) {
    // Another run finished the same install first; keep its copy.
    rmSync(staging, { recursive: true, force: true });
  } else {
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
  return bin;
}

/** pnpm installs the workspace for the `nodeVersion` in pnpm-workspace.yaml: it must be the Node we develop on. */
function checkWorkspaceNode() {
  const yaml = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const declared = /^nodeVersion:\s*(\S+)\s*$/m.exec(yaml)?.[1];
  if (declared !== nodeVersions[24]) {
    throw new Error(
      `with-node: pnpm-workspace.yaml's nodeVersion is ${declared ?? "missing"}, but the Node we develop on is ` +
        `${nodeVersions[24]} (scripts/with-node.mjs): move them together.`,
    );
  }
}

function main(argv) {
  const [major, command, ...args] = argv;
  const version = nodeVersions[major];
  if (version === undefined || command === undefined) {
    console.error(`usage: node scripts/with-node.mjs <${Object.keys(nodeVersions).join("|")}> <command> [args…]`);
    return Promise.resolve(2);
  }
  checkWorkspaceNode();
  const bin = nodeBinDir(version);
  const node = join(bin, "node");
  // npm and pnpm tell scripts which Node started them; point those at the pinned one too.
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`, NODE: node, npm_node_execpath: node };
  console.error(`with-node: Node v${version} → ${[command, ...args].join(" ")}`);
  return new Promise((resolve) => {
    // spawn looks `command` up on the PATH given in env.
    const child = spawn(command, args, { stdio: "inherit", env });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", (error) => {
      console.error(`with-node: could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      // A child ended by a signal ends this process the same way, as a shell would report it.
      if (signal !== null) process.kill(process.pid, signal);
      else resolve(code ?? 1);
    });
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
