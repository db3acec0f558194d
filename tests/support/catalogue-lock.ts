import fs from "node:fs/promises";
import path from "node:path";

/**
 * Archiving a product changes what every catalogue-wide view shows ("16 products", the All
 * listing). Tests run in parallel, so the one test that archives a product and the tests that
 * count the whole catalogue take this lock (an atomic mkdir in the run's DATA_DIR) and never
 * overlap. Stock changes do not need it: they never change which products are listed.
 *
 * The holder's pid is written in the lock, so a lock left by a worker that was killed (a test
 * timing out mid-way) is broken instead of blocking every later test.
 */
export async function withCatalogueLock<T>(fn: () => Promise<T>, { timeoutMs = 20_000 } = {}): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const lock = path.join(dir, "catalogue.lock");
  const owner = path.join(lock, "owner");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fs.mkdir(lock);
      await fs.writeFile(owner, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (await heldByDeadProcess(owner)) {
        await fs.rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`catalogue lock still held after ${timeoutMs} ms`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

async function heldByDeadProcess(ownerFile: string): Promise<boolean> {
  let pid: number;
  try {
    pid = Number(await fs.readFile(ownerFile, "utf8"));
  } catch {
    return false; // just created, owner not written yet
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
