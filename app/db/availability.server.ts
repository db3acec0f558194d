import { isDatabaseUnavailable } from "./errors.server";

/**
 * Whether the database can be reached, as the requests find it: a query that fails because the
 * database is out of reach (errors.server.ts) takes it as down at once, so the next requests are
 * answered "back in a few seconds" instead of each waiting to fail; while it is down a cheap probe
 * asks again every `everyMs` (a quarter of a second; the first at once, so a single dropped connection costs one round
 * trip) and takes it as up when one answers (docs/decisions/030-outages-and-overload.md).
 */
export interface Availability {
  readonly up: boolean;
  /**
   * How many times it has gone down: a request that began at a lower count and failed may have
   * failed because of it, even if a probe has brought it back since.
   */
  readonly downs: number;
  /** A query or connection failed with this error; only an unavailable-class error counts. */
  failed(err: unknown): void;
  /** Hears each change (false: gone, true: back); returns the way to stop hearing. */
  onChange(listener: (up: boolean) => void): () => void;
  /** Stops probing (the database is being closed). */
  stop(): void;
}

export interface AvailabilityOptions {
  /** Resolves when the database answers, rejects when it does not; bounded in time by itself. */
  probe: () => Promise<void>;
  everyMs?: number;
  /** Told of each change, with the error that took it down. */
  log?: (change: { up: false; err: unknown } | { up: true; downForMs: number }) => void;
  now?: () => number;
}

export const PROBE_EVERY_MS = 250;

export function trackAvailability({ probe, everyMs = PROBE_EVERY_MS, log = () => {}, now = () => performance.now() }: AvailabilityOptions): Availability {
  let up = true;
  let downs = 0;
  let downAt = 0;
  let probing = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<(up: boolean) => void>();
  const tell = (state: boolean) => {
    for (const listener of listeners) listener(state);
  };

  const ask = () => {
    timer = undefined;
    if (stopped || up || probing) return;
    probing = true;
    probe().then(
      () => {
        probing = false;
        if (stopped || up) return;
        up = true;
        log({ up: true, downForMs: now() - downAt });
        tell(true);
      },
      () => {
        probing = false;
        if (!stopped && !up) timer = setTimeout(ask, everyMs);
      },
    );
  };

  return {
    get up() {
      return up;
    },
    get downs() {
      return downs;
    },
    failed(err) {
      if (stopped || !up || !isDatabaseUnavailable(err)) return;
      up = false;
      downs++;
      downAt = now();
      log({ up: false, err });
      tell(false);
      ask();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
