import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Keeps what a server started by a test prints, and writes it to the run's log folder
 * (E2E_LOG_DIR) too, so the check for secrets in logs (log-secrets.ts) reads these servers as well.
 * Returns a function giving everything printed so far, for a failing test's message.
 */
export function collectOutput(child: ChildProcess, name: string): () => string {
  let output = "";
  const dir = process.env.E2E_LOG_DIR;
  let file: fs.WriteStream | null = null;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    file = fs.createWriteStream(path.join(dir, `${name}-${child.pid}.log`), { flags: "a" });
    child.once("exit", () => file?.end());
  }
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    file?.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}
