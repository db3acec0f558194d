/**
 * The PIN code directory's cost: how long its first load takes, how much heap it keeps, and what a
 * lookup costs. Run alone, on a quiet machine: `npx tsx --expose-gc scripts/bench-pin-directory.ts`
 * (figures in docs/benchmarks.md, "PIN code directory").
 */
import { loadPinDirectory, lookupPin } from "~/modules/addresses/pin-directory.server";

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

console.log(
  JSON.stringify({
    pins,
    loadMs: Math.round(loadMs),
    heapDeltaMiB: mib(after.heapUsed - before.heapUsed),
    arrayBuffersDeltaMiB: mib(after.arrayBuffers - before.arrayBuffers),
    lookupMicroseconds: Number(lookupUs.toFixed(3)),
    found,
    node: process.version,
  }),
);
