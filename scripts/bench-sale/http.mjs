// The load generator's HTTP: plain node:http on keep-alive sockets with no cap, so that a request
// due is sent when it is due, however many earlier ones are still waiting for their answer (an open
// loop). Bodies are read and dropped; only the status, a redirect's Location and the cookies set
// are kept. It never rejects: an answer is { status, location, cookies } or { error }.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096, scheduling: "lifo" });

/** One request to `origin` (http://host:port); `timeoutMs` ends it as { error: "timeout" }. */
export function send(origin, { method = "GET", path, headers = {}, body }, timeoutMs) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    let timer;
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = http.request({ agent, host: hostname, port, method, path, headers: body ? { ...headers, "content-length": Buffer.byteLength(body) } : headers }, (res) => {
      res.on("error", (error) => finish({ error: error.code ?? error.message }));
      res.on("end", () => finish({ status: res.statusCode, location: res.headers.location, cookies: res.headers["set-cookie"] ?? [] }));
      // An answer cut off before its end (the instance killed mid-body) is an error, not a status.
      res.on("close", () => finish(res.complete ? { status: res.statusCode, location: res.headers.location, cookies: res.headers["set-cookie"] ?? [] } : { error: "cut off" }));
      res.resume();
    });
    timer = setTimeout(() => {
      finish({ error: "timeout" });
      req.destroy();
    }, Math.max(0, timeoutMs));
    req.on("error", (error) => finish({ error: error.code ?? error.message }));
    req.end(body);
  });
}

/** The `name=value` of each cookie an answer set. */
export function cookiePairs(cookies) {
  return cookies.map((c) => c.split(";")[0]);
}
