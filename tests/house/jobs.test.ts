import { describe, expect, it } from "vitest";
import { JOB_NAMES, type JobHandlers } from "~/modules/jobs/jobs";
import { jobHandlers } from "../../server/shop";

/** Every job the shop names is worked: its handler is registered in the composition root (server/shop.ts). */
describe("background jobs", () => {
  it("each have their handler in the composition root", () => {
    const handlers = jobHandlers({ db: {} as never, mailer: { send: async () => {} }, outbox: {} as never, payments: {} as never, secrets: {} as never });
    expect(Object.keys(handlers).sort()).toEqual([...JOB_NAMES].sort());
    for (const name of JOB_NAMES) expect(typeof handlers[name], name).toBe("function");
  });

  it("cannot be handed over without one (the type check fails)", () => {
    // @ts-expect-error JobHandlers asks for a handler for every job name; were it Partial again, this line would compile and `npm run typecheck` would fail here.
    const some: JobHandlers = { "mail.send": async () => {} };
    expect(Object.keys(some)).toEqual(["mail.send"]);
  });
});
