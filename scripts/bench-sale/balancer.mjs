// nginx in front of the shop's instances, as a deployment runs it (the balancer's configuration in
// docs/operations.md, "A balancer in front"): an upstream with passive failover, keep-alive to the
// instances, the client's address and the time the request reached it, and no cache: the bench
// measures the shop.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { NGINX_PATH } from "../nginx.mjs";
import { killAtExit } from "./cleanup.mjs";

/**
 * The `upstream` and `location` of docs/operations.md, for these instance ports. A 503 is the
 * shop's own "busy, try again in a few seconds" or "the database is away", with Retry-After:
 * passed to the visitor, not retried, because nginx counts every answer it retries as a failure
 * of that instance (max_fails), and one busy moment on each instance then leaves "no live
 * upstreams": a 502 for every request, cached pages too, for fail_timeout. `retry503` puts
 * http_503 back into proxy_next_upstream, to measure that.
 */
export function balancerHttpBlock(ports, listen, { retry503 = false } = {}) {
  return `
  upstream shop {
${ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 64;
    keepalive_timeout 60s;
    keepalive_requests 10000;
  }
  server {
    listen ${listen};
    # The generator's own connections, each carrying many requests (a browser's carry a few).
    keepalive_requests 10000;
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Start "t=\${msec}";
      proxy_next_upstream error timeout http_502${retry503 ? " http_503" : ""};
      proxy_next_upstream_tries 2;
      proxy_next_upstream_timeout 10s;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }`;
}

/** The whole file: the process's settings around the http block, everything kept in `dir`. */
function nginxConf(dir, ports, port, settings) {
  return `# Master and workers as whoever runs the bench (as root, nginx would otherwise drop to "nobody", who cannot write here).
${process.getuid?.() === 0 ? "user root root;" : ""}
worker_processes auto;
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
${balancerHttpBlock(ports, `127.0.0.1:${port}`, settings)}
}
`;
}

/** Starts nginx in the foreground on `port`, balancing over the instance ports; resolves once it answers. */
export async function startBalancer({ dir, ports, port, retry503 }) {
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConf(dir, ports, port, { retry503 }));
  const errorLog = path.join(dir, "error.log");
  const nginx = spawn(NGINX_PATH, ["-e", errorLog, "-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  killAtExit(nginx, "SIGTERM");
  let stderr = "";
  nginx.stderr.on("data", (chunk) => (stderr += chunk));
  const log = () => stderr + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "");
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx stopped at once:\n${log()}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    log,
    /** What nginx complained of (its errors and warnings), each message with how often. */
    complaints() {
      const counts = new Map();
      for (const line of log().split("\n")) {
        const m = /\[(error|warn|crit|alert)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*)?$/.exec(line);
        if (!m) continue;
        // The same complaint about another address or port is the same complaint.
        const message = m[2].replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:…").replace(/"[^"]*"/g, "…");
        counts.set(message, (counts.get(message) ?? 0) + 1);
      }
      return [...counts].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count);
    },
    async stop() {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    },
  };
}
