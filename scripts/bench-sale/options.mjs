// The sale-day bench's options: each a flag (--rate 500) or its variable (BENCH_SALE_RATE=500), the
// flag winning; defaults are issue 46's scenario, or its smaller embedded one with --embedded.
import { parseArgs } from "node:util";

const NUMBERS = {
  seconds: "how long the sale lasts (default 60)",
  rate: "visitors' requests a second, on a fixed schedule (default 500; embedded 300)",
  orders: "orders placed a second by signed-in customers, cash on delivery (default 2; embedded 1; 0 for none)",
  visitors: "visitors, each with a cart of their own (default 1000)",
  customers: "signed-in customers placing the orders (default 10 per order a second, at least 10)",
  instances: "shop instances behind nginx (default 2; embedded 1)",
  "kill-instance-at": "second at which instance a gets kill -9 (then started again)",
  "restart-after": "seconds before an instance killed on cue, or ended by itself, is started again (default 5)",
  "restart-postgres-at": "second at which the bench's own PostgreSQL cluster restarts (pg_ctl restart -m fast)",
  timeout: "seconds after its planned time a request counts as timed out (default 30)",
  seed: "seed of the schedule: the same seed, the same requests (default 46)",
};
const FLAGS = {
  embedded: "one instance on the embedded SQLite database instead of PostgreSQL",
  "no-build": "serve this tree's existing build in build-bench-sale/ instead of building it",
  "retry-503": "nginx retries a 503 on the next instance too (proxy_next_upstream … http_503), counting it as that instance's failure",
  "keep-logs": "keep the instances', nginx's and PostgreSQL's logs (the run's temporary folder) and say where",
  help: "this text",
};
const TEXTS = { reference: "another checkout (its own node_modules and build) to run the same sale on first, side by side" };

const variable = (name) => `BENCH_SALE_${name.toUpperCase().replaceAll("-", "_")}`;

export function usage() {
  const line = (name, text, arg) => `  --${name}${arg ? ` ${arg}` : ""}  (${variable(name)})\n      ${text}`;
  return [
    "npm run bench:sale -- [options]",
    ...Object.entries(NUMBERS).map(([n, t]) => line(n, t, "N")),
    ...Object.entries(TEXTS).map(([n, t]) => line(n, t, "DIR")),
    ...Object.entries(FLAGS).map(([n, t]) => (n === "help" ? `  --help\n      ${t}` : line(n, t))),
  ].join("\n");
}

function fail(message) {
  console.error(`${message}\n\n${usage()}`);
  process.exit(2);
}

/** The options of this run, checked. */
export function readOptions(argv = process.argv.slice(2)) {
  const spec = {
    ...Object.fromEntries(Object.keys(NUMBERS).map((n) => [n, { type: "string" }])),
    ...Object.fromEntries(Object.keys(TEXTS).map((n) => [n, { type: "string" }])),
    ...Object.fromEntries(Object.keys(FLAGS).map((n) => [n, { type: "boolean" }])),
  };
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: spec, strict: true }));
  } catch (error) {
    fail(error.message);
  }
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const raw = (name) => values[name] ?? process.env[variable(name)];
  const number = (name, fallback) => {
    const v = raw(name);
    if (v === undefined || v === "") return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a number of 0 or more (got ${v})`);
    return n;
  };
  const flag = (name) => values[name] === true || ["1", "true"].includes(process.env[variable(name)] ?? "");

  const embedded = flag("embedded");
  const orders = number("orders", embedded ? 1 : 2);
  const options = {
    embedded,
    seconds: number("seconds", 60),
    rate: number("rate", embedded ? 300 : 500),
    ordersPerSecond: orders,
    visitors: Math.round(number("visitors", 1000)),
    customers: Math.round(number("customers", Math.max(10, Math.ceil(orders * 10)))),
    instances: Math.round(number("instances", embedded ? 1 : 2)),
    killInstanceAt: number("kill-instance-at", null),
    restartAfter: number("restart-after", 5),
    restartPostgresAt: number("restart-postgres-at", null),
    timeoutSeconds: number("timeout", 30),
    seed: Math.round(number("seed", 46)),
    reference: raw("reference") || null,
    build: !flag("no-build"),
    keepLogs: flag("keep-logs"),
    retry503: flag("retry-503"),
  };
  if (options.seconds <= 0 || options.rate <= 0) fail("--seconds and --rate must be above 0");
  if (options.visitors < 1 || options.visitors > 60_000) fail("--visitors must be between 1 and 60000");
  if (options.customers < 1) fail("--customers must be 1 or more");
  if (options.instances < 1) fail("--instances must be 1 or more");
  if (embedded && options.instances !== 1) fail("the embedded database serves one instance: --embedded takes no --instances");
  if (embedded && options.restartPostgresAt !== null) fail("--restart-postgres-at needs PostgreSQL: leave out --embedded");
  for (const name of ["killInstanceAt", "restartPostgresAt"]) {
    if (options[name] !== null && options[name] >= options.seconds) fail(`a fault must come before the sale ends (${options.seconds} s)`);
  }
  return options;
}
