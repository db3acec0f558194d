import { describe, expect, it } from "vitest";
import { chooseLogFormat, formatLogLine } from "./log-format";

const at = new Date(2026, 10, 26, 9, 41, 2).getTime();

describe("formatLogLine", () => {
  it("reads a request as time, method, path, status and duration", () => {
    const json = JSON.stringify({ level: 30, time: at, method: "GET", path: "/products", status: 200, ms: 4.2, requestId: "r-1", msg: "request" });
    expect(formatLogLine(`${json}\n`)).toBe("09:41:02 GET /products 200 4 ms\n");
  });

  it("names the signed-in user, and the request id of a server error for a customer's reference", () => {
    const json = JSON.stringify({ level: 30, time: at, method: "POST", path: "/checkout", status: 500, ms: 12, requestId: "r-2", userId: "u-7", msg: "request" });
    expect(formatLogLine(json)).toBe("09:41:02 POST /checkout 500 12 ms (user u-7) (request r-2)\n");
  });

  it("prints a notice as its message and keeps its other fields", () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, msg: "RC Computers is running at http://localhost:3000" }))).toBe(
      "09:41:02 RC Computers is running at http://localhost:3000\n",
    );
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, mail: { id: "m1", file: "data/outbox/m1.json" }, msg: "mail written to the outbox" }))).toBe(
      "09:41:02 mail written to the outbox  mail.id=m1 mail.file=data/outbox/m1.json\n",
    );
  });

  it("marks an error and prints its stack beneath it", () => {
    const json = JSON.stringify({ level: 50, time: at, err: { type: "Error", message: "kaboom", stack: "Error: kaboom\n    at handler" }, requestId: "r-3", msg: "request failed" });
    expect(formatLogLine(json)).toBe("09:41:02 ERROR request failed  requestId=r-3\n    Error: kaboom\n        at handler\n");
  });

  it("passes a line that is not JSON through as it is", () => {
    expect(formatLogLine("plain text")).toBe("plain text\n");
  });
});

describe("chooseLogFormat", () => {
  it("writes sentences to a terminal and JSON elsewhere, unless LOG_FORMAT says", () => {
    expect(chooseLogFormat(undefined, true)).toBe("pretty");
    expect(chooseLogFormat(undefined, false)).toBe("json");
    expect(chooseLogFormat("json", true)).toBe("json");
    expect(chooseLogFormat("pretty", false)).toBe("pretty");
  });

  it("refuses any other setting, naming the variable", () => {
    expect(() => chooseLogFormat("yaml", true)).toThrow(/LOG_FORMAT must be pretty or json/);
  });
});
