// What the sale-day bench leaves running or on disk, ended and removed when it ends however it
// ends: done, an exception, Ctrl-C or SIGTERM. Only what it started, each by its own handle.
import fs from "node:fs";

const tasks = new Set();

/** Runs `task` (synchronous: it may run inside process.on("exit")) when the bench ends; returns a way to drop it. */
export function atExit(task) {
  tasks.add(task);
  return () => tasks.delete(task);
}

/**
 * Kills the child process when the bench ends, unless it has already exited. SIGKILL for the
 * shop; nginx takes SIGTERM, as its master then stops its workers (killed, it leaves them running).
 */
export function killAtExit(child, signal = "SIGKILL") {
  const drop = atExit(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
  child.once("exit", drop);
}

/** Removes the folder when the bench ends. */
export function removeAtExit(dir) {
  return atExit(() => fs.rmSync(dir, { recursive: true, force: true }));
}

function runAll() {
  // Newest first: a folder goes after the processes that write in it.
  for (const task of [...tasks].reverse()) {
    try {
      task();
    } catch {
      /* the rest still run */
    }
  }
  tasks.clear();
}

process.once("exit", runAll);
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the shop instances, nginx and PostgreSQL the bench started…`);
    process.exit(code);
  });
}
