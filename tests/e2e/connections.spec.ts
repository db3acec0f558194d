import http from "node:http";
import { expect, test } from "@playwright/test";

/**
 * The shop keeps an idle connection open for longer than a proxy in front of it keeps its own
 * (server.js): a client that comes back on it after a few seconds is answered on the same
 * connection, never reset.
 */

function get(agent: http.Agent, url: URL): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on("error", reject);
  });
}

test("a connection left idle for longer than Node's default 5 s still answers", async ({ baseURL }) => {
  test.setTimeout(30_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = new URL("/favicon.svg", baseURL);
    expect(await get(agent, url)).toEqual({ status: 200, reused: false });
    await new Promise((r) => setTimeout(r, 7_000));
    expect(await get(agent, url)).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
});
