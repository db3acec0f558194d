import { describe, expect, it } from "vitest";
import { afterAction } from "./actions.server";
import { parseDone, parseUserAction, parseUserListQuery } from "./forms.server";
import { formatAdminDate, noticeMessage, parseNotice, toggleLabel, vendorDecisions } from "./labels";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe("admin labels", () => {
  it("reads Disable for an active account and Enable for a disabled one", () => {
    expect(toggleLabel("Active")).toBe("Disable");
    expect(toggleLabel("Disabled")).toBe("Enable");
  });

  it("offers approval unless approved and rejection unless rejected", () => {
    expect(vendorDecisions("pending")).toEqual({ approve: true, reject: true });
    expect(vendorDecisions("rejected")).toEqual({ approve: true, reject: false });
    expect(vendorDecisions("approved")).toEqual({ approve: false, reject: true });
  });

  it("dates admin tables in India's time zone", () => {
    expect(formatAdminDate("2026-01-31T20:00:00.000Z")).toBe("1 Feb 2026");
    expect(formatAdminDate("not a date")).toBe("");
  });

  it("knows only its own confirmation codes", () => {
    expect(parseNotice("disabled")).toBe("disabled");
    expect(parseNotice("<script>")).toBeNull();
    expect(noticeMessage("approved", "Gupta Computers")).toBe("Gupta Computers has been approved. Its products now show in the shop.");
  });
});

describe("admin forms", () => {
  it("reads the user list's query string without ever failing", () => {
    expect(parseUserListQuery(new URLSearchParams("q=%20Asha%20%20V%20&role=vendor&page=3"))).toEqual({ q: "Asha V", role: "vendor", page: 3 });
    expect(parseUserListQuery(new URLSearchParams("role=wizard&page=-4"))).toEqual({ q: "", role: null, page: 1 });
    expect(parseUserListQuery(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("accepts only the four actions, each with its id", () => {
    expect(parseUserAction(form({ intent: "disable", userId: "u1" }))).toEqual({ intent: "disable", userId: "u1" });
    expect(parseUserAction(form({ intent: "approve", vendorId: "v1" }))).toEqual({ intent: "approve", vendorId: "v1" });
    expect(parseUserAction(form({ intent: "approve", userId: "u1" }))).toBeNull();
    expect(parseUserAction(form({ intent: "delete", userId: "u1" }))).toBeNull();
    expect(parseUserAction(form({ intent: "disable", userId: "  " }))).toBeNull();
  });

  it("returns to the same list with its confirmation", () => {
    const to = afterAction("/admin/users", "http://x/admin/users.data?q=asha&page=2&done=enabled&subject=old&_routes=x", { notice: "disabled", subject: "u1" });
    expect(to).toBe("/admin/users?q=asha&page=2&done=disabled&subject=u1");
    expect(parseDone(new URLSearchParams(to.split("?")[1]))).toEqual({ notice: "disabled", subject: "u1" });
    expect(parseDone(new URLSearchParams("done=hacked&subject=u1"))).toBeNull();
  });
});
