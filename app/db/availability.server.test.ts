import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trackAvailability } from "./availability.server";

const TERMINATED = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

/** A probe the test answers: each call waits until the test says yes or no. */
function controlledProbe() {
  const calls: { resolve: () => void; reject: (e: Error) => void }[] = [];
  return {
    calls,
    probe: () => new Promise<void>((resolve, reject) => calls.push({ resolve, reject })),
    async answer(ok: boolean) {
      const call = calls.at(-1)!;
      if (ok) call.resolve();
      else call.reject(new Error("connect ECONNREFUSED"));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe("trackAvailability", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is up until a query fails because the database is out of reach; a refused query does not count", () => {
    const p = controlledProbe();
    const a = trackAvailability({ probe: p.probe });
    expect(a.up).toBe(true);
    a.failed(Object.assign(new Error("duplicate key"), { code: "23505" }));
    expect(a.up).toBe(true);
    expect(p.calls).toHaveLength(0);
    a.failed(TERMINATED);
    expect(a.up).toBe(false);
    expect(a.downs).toBe(1);
    a.stop();
  });

  it("probes at once, then every interval while it fails, and is up when one answers", async () => {
    const p = controlledProbe();
    const changes: boolean[] = [];
    const logged: unknown[] = [];
    const a = trackAvailability({ probe: p.probe, everyMs: 500, log: (c) => logged.push(c.up) });
    a.onChange((up) => changes.push(up));
    a.failed(TERMINATED);
    expect(p.calls).toHaveLength(1);
    await p.answer(false);
    // Nothing more until the interval is up.
    await vi.advanceTimersByTimeAsync(499);
    expect(p.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.calls).toHaveLength(2);
    await p.answer(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(p.calls).toHaveLength(3);
    expect(a.up).toBe(false);
    await p.answer(true);
    expect(a.up).toBe(true);
    expect(changes).toEqual([false, true]);
    expect(logged).toEqual([false, true]);
    // Up again: no more probes.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(p.calls).toHaveLength(3);
    a.stop();
  });

  it("counts each going down once, however many requests fail meanwhile", async () => {
    const p = controlledProbe();
    const a = trackAvailability({ probe: p.probe });
    a.failed(TERMINATED);
    a.failed(Object.assign(new Error("Connection terminated unexpectedly"), {}));
    a.failed(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    expect(a.downs).toBe(1);
    expect(p.calls).toHaveLength(1);
    await p.answer(true);
    a.failed(TERMINATED);
    expect(a.downs).toBe(2);
    a.stop();
  });

  it("stops probing when stopped", async () => {
    const p = controlledProbe();
    const a = trackAvailability({ probe: p.probe, everyMs: 500 });
    a.failed(TERMINATED);
    await p.answer(false);
    a.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(p.calls).toHaveLength(1);
    expect(a.up).toBe(false);
  });

  it("stops telling a listener that stopped listening", async () => {
    const p = controlledProbe();
    const a = trackAvailability({ probe: p.probe });
    const heard: boolean[] = [];
    const stop = a.onChange((up) => heard.push(up));
    a.failed(TERMINATED);
    stop();
    await p.answer(true);
    expect(heard).toEqual([false]);
    a.stop();
  });
});
