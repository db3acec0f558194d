// The shop's instances for the sale-day bench: `node server.js` from a checkout's production build,
// each with its own port and DATA_DIR, its log in a file (a pipe nobody reads fills up and then
// stalls every request). Started together; killed with SIGKILL and started again on cue.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { killAtExit } from "./cleanup.mjs";

/**
 * One instance: `start()` spawns it (again), `ready()` waits for /readyz, `kill()` is kill -9,
 * `stop()` SIGTERM then SIGKILL after 5 s.
 */
export function shopInstance({ name, checkout, buildDir, port, env, logDir, onExit = () => {} }) {
  let child = null;
  let starts = 0;
  /** Set when the bench ends the process itself: any other exit is news (`onExit`). */
  let ending = false;
  const logFile = () => path.join(logDir, `instance-${name}-${starts}.log`);
  const alive = () => child !== null && child.exitCode === null && child.signalCode === null;
  const self = {
    name,
    port,
    get pid() {
      return child?.pid;
    },
    alive,
    start() {
      starts += 1;
      ending = false;
      const out = fs.openSync(logFile(), "w");
      child = spawn(process.execPath, [...(process.env.BENCH_SALE_NODE_ARGS ?? "").split(" ").filter(Boolean), "server.js"], {
        cwd: checkout,
        env: { ...process.env, ...env, BUILD_DIR: buildDir, PORT: String(port) },
        stdio: ["ignore", out, out],
      });
      fs.closeSync(out);
      killAtExit(child);
      child.once("exit", (code, signal) => ending || onExit(`instance ${name} exited by itself (${signal ?? `code ${code}`})`, self));
    },
    /** Polls /readyz on the instance itself (not through nginx) until it answers 200. */
    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!alive()) throw new Error(`instance ${name} exited while starting:\n${tail(logFile())}`);
        const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`instance ${name} was not ready within ${timeoutMs / 1000} s:\n${tail(logFile())}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    kill() {
      ending = true;
      if (alive()) child.kill("SIGKILL");
    },
    async stop() {
      ending = true;
      if (!alive()) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
    log: () => tail(logFile()),
  };
  return self;
}

/** The end of a log, for a message. */
function tail(file, lines = 30) {
  if (!fs.existsSync(file)) return "(no log)";
  return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}
