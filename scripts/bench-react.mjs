// The bare server of the bench's floor and ceilings (scripts/bench-floor.mjs, scripts/bench-markup.mjs):
// plain node:http, each request a React renderToPipeableStream of a fresh element, nothing else.
import http from "node:http";
import { renderToPipeableStream } from "react-dom/server";

/** Serves `page()` rendered by React on 127.0.0.1:`port`, and prints "listening" once ready. */
export function serveReact(port, page) {
  http
    .createServer((_req, res) => {
      const { pipe } = renderToPipeableStream(page(), {
        onShellReady() {
          res.setHeader("Content-Type", "text/html");
          pipe(res);
        },
        onShellError() {
          res.statusCode = 500;
          res.end();
        },
      });
    })
    .listen(Number(port), "127.0.0.1", () => console.log("listening"));
}
