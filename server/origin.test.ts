import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "./origin";

const here = "http://localhost:3000";

describe("crossSiteRefusal", () => {
  it("lets reads through, whatever their origin", () => {
    expect(crossSiteRefusal("GET", { origin: "https://evil.example" }, here, here)).toBeNull();
  });
  it("accepts posts from the shop itself or its BASE_URL", () => {
    expect(crossSiteRefusal("POST", { origin: here }, here, here)).toBeNull();
    expect(crossSiteRefusal("POST", { origin: "https://shop.example.in" }, "http://10.0.0.5:3000", "https://shop.example.in")).toBeNull();
    expect(crossSiteRefusal("POST", { referer: `${here}/login` }, here, here)).toBeNull();
    expect(crossSiteRefusal("POST", {}, here, here)).toBeNull();
  });
  it("refuses cross-site posts", () => {
    expect(crossSiteRefusal("POST", { origin: "https://evil.example" }, here, here)).toMatch(/not accepted/);
    expect(crossSiteRefusal("POST", { origin: "null" }, here, here)).toMatch(/not accepted/);
    expect(crossSiteRefusal("POST", { referer: "https://evil.example/x" }, here, here)).toMatch(/not accepted/);
    expect(crossSiteRefusal("DELETE", { "sec-fetch-site": "cross-site" }, here, here)).toMatch(/not accepted/);
  });
});
