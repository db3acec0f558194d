/**
 * The PIN code directory's cost: how long its first load takes, how much heap it keeps, and what a
 * lookup and a delivery promise cost. Run alone, on a quiet machine: `npx tsx --expose-gc scripts/bench-pin-directory.ts`
 * (figures in docs/benchmarks.md, "PIN code directory").
 */
import { loadPinDirectory, lookupPin } from "~/modules/addresses/pin-directory.server";
import { deliveryPromise, isMetroPin, promiseText } from "~/modules/delivery/promise";
import { FIRST_HOLIDAYS, FIRST_METROS } from "~/seed/delivery-calendar";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with --expose-gc");

gc();
gc();
const before = process.memoryUsage();
const start = performance.now();
const { pins } = loadPinDirectory();
const loadMs = performance.now() - start;
gc();
gc();
const after = process.memoryUsage();
const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(2));

const N = 1_000_000;
let found = 0;
const t0 = performance.now();
for (let i = 0; i < N; i++) if (lookupPin(String(110001 + ((i * 7919) % 800_000)))) found++;
const lookupUs = ((performance.now() - t0) * 1000) / N;

// A promise as the Deliver to box works it out: metro tests for both ends, the calendar rule, the words.
const prefixes = FIRST_METROS.flatMap((m) => m.prefixes);
const holidays = new Set(FIRST_HOLIDAYS.map((h) => h.day));
let words = 0;
const t1 = performance.now();
for (let i = 0; i < N; i++) {
  const to = String(110001 + ((i * 7919) % 800_000));
  const p = deliveryPromise({ now: new Date(1_795_000_000_000 + i * 60_000), cutOff: "14:00", handlingDays: 1, fromMetro: isMetroPin("110019", prefixes), toMetro: isMetroPin(to, prefixes), holidays });
  words += promiseText(p).length;
}
const promiseUs = ((performance.now() - t1) * 1000) / N;

console.log(
  JSON.stringify({
    pins,
    loadMs: Math.round(loadMs),
    heapDeltaMiB: mib(after.heapUsed - before.heapUsed),
    arrayBuffersDeltaMiB: mib(after.arrayBuffers - before.arrayBuffers),
    lookupMicroseconds: Number(lookupUs.toFixed(3)),
    promiseMicroseconds: Number(promiseUs.toFixed(3)),
    promiseWords: words > 0,
    found,
    node: process.version,
  }),
);
