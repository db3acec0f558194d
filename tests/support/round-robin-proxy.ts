import http from "node:http";
import type { AddressInfo } from "node:net";

/** Names the instance that answered, on every response the proxy sends back. */
export const SERVED_BY = "x-served-by";
/** A test may send this to choose the instance itself (the proxy removes it before forwarding). */
export const ROUTE_TO = "x-route-to";

export interface Upstream {
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  /** How many requests each instance answered. */
  answered: Record<string, number>;
  close(): Promise<void>;
}

/**
 * A small load balancer on loopback for tests: each request goes to the next instance in turn
 * (or to the one named by ROUTE_TO), with its method, path, headers and body as they came, plus
 * X-Forwarded-For/-Proto as a real proxy adds them. Redirects and cookies pass through untouched.
 */
export async function startRoundRobinProxy(upstreams: Upstream[], port: number): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error("the proxy needs at least one upstream");
  const answered: Record<string, number> = Object.fromEntries(upstreams.map((u) => [u.name, 0]));
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((req, res) => {
    const wanted = req.headers[ROUTE_TO];
    const upstream = typeof wanted === "string" ? upstreams.find((u) => u.name === wanted) : upstreams[next++ % upstreams.length];
    if (!upstream) {
      res.writeHead(400, { "content-type": "text/plain" }).end(`no instance named ${String(wanted)}`);
      return;
    }
    const headers = { ...req.headers };
    delete headers[ROUTE_TO];
    const client = req.socket.remoteAddress ?? "127.0.0.1";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${String(headers["x-forwarded-for"])}, ${client}` : client;
    headers["x-forwarded-proto"] = "http";

    const forwarded = http.request(
      { host: "127.0.0.1", port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        answered[upstream.name] = (answered[upstream.name] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, { ...answer.headers, [SERVED_BY]: upstream.name });
        answer.pipe(res);
      },
    );
    forwarded.on("error", (error) => {
      if (res.headersSent) res.destroy(error);
      else res.writeHead(502, { "content-type": "text/plain", [SERVED_BY]: upstream.name }).end(`instance ${upstream.name} did not answer: ${error.message}`);
    });
    req.pipe(forwarded);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
