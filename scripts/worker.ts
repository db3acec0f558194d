// npm run worker: works the shop's job queue (mail, payment checks, refunds) in a process of its
// own, for deployments that set JOB_WORKER=separate on their web instances. Any number may run; each job is done once.
// Stops cleanly on SIGINT/SIGTERM, finishing the jobs in hand.
import { parseEnv } from "~/config/env.server";
import { logger } from "~/lib/logger.server";
import { createShop } from "../server/shop";

const env = parseEnv();
const shop = await createShop(env, { workJobs: true });
logger.info(`RC Computers worker is running (queue: ${shop.jobs.kind === "pg-boss" ? "pg-boss on PostgreSQL" : `embedded SQLite in ${env.dataDir}`})`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await shop.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
