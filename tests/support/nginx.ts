import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { freePort } from "./free-port";
import os from "node:os";
import path from "node:path";
import { NGINX_PATH } from "../../scripts/nginx.mjs";

export interface CachingProxy {
  url: string;
  /** nginx's error log, for a failing test's message. */
  log(): string;
  close(): Promise<void>;
}

/** The header nginx adds to every answer: HIT, MISS, EXPIRED, BYPASS… or empty when it did not look. */
export const CACHE_STATUS = "x-cache-status";

/**
 * nginx as a shop would put it in front: a plain `proxy_cache` that follows the shop's own
 * headers (Cache-Control, Vary, Set-Cookie) and nothing else: no bypass on cookies, so what it
 * keeps and what it never keeps is the shop's headers' doing (docs/decisions/020-cacheable-pages.md).
 * Everything lives in a temporary folder, it listens on a free loopback port, and it stops with
 * `close()` or, failing that, with the test process.
 */
export async function startCachingProxy(upstream: string): Promise<CachingProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-nginx-"));
  const port = await freePort();
  const conf = `
# Master and workers as whoever runs the test (as root, nginx would otherwise drop to "nobody", who cannot write here).
${process.getuid?.() === 0 ? "user root root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=shop:4m max_size=64m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_cache shop;
      proxy_cache_key $scheme$http_host$request_uri;
      add_header ${CACHE_STATUS} $upstream_cache_status always;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const nginx: ChildProcess = spawn(NGINX_PATH, ["-e", path.join(dir, "error.log"), "-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  nginx.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const stopOnExit = () => nginx.kill("SIGTERM");
  process.once("exit", stopOnExit);
  const log = () => `${stderr}${fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : ""}`;

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx stopped at once:\n${log()}`);
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    log,
    async close() {
      process.off("exit", stopOnExit);
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once("exit", resolve));
        nginx.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
