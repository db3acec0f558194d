// The proxy-cache browser test runs Debian's nginx in front of the shop. Installs it when missing and we may.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { NGINX_PATH } from "./nginx.mjs";

if (fs.existsSync(NGINX_PATH)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = fs.existsSync("/usr/bin/apt-get");
if (process.env.NGINX_PATH || !isRoot || !hasApt) {
  console.error(
    `nginx was not found at ${NGINX_PATH}.\n` +
      "The proxy-cache browser test needs it. On Debian or Ubuntu: sudo apt-get install -y nginx-light\n" +
      "Elsewhere, install nginx and set NGINX_PATH to its executable.",
  );
  process.exit(1);
}

console.log("nginx is missing: installing Debian's nginx-light package for the proxy-cache test…");
const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
if (run(["update", "-qq"]).status !== 0 || run(["install", "-y", "-qq", "nginx-light"]).status !== 0 || !fs.existsSync(NGINX_PATH)) {
  console.error("Installing nginx-light failed. Install it by hand (apt-get install -y nginx-light) and run npm test again.");
  process.exit(1);
}
console.log(execFileSync(NGINX_PATH, ["-v"], { stdio: ["ignore", "pipe", "pipe"] }).toString().trim() || "nginx installed");
