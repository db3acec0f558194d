import { describe, expect, it } from "vitest";
import { manifestRequest } from "./route-intent";

describe("manifestRequest: the address React Router's lazy discovery asks for a path", () => {
  it("names the path and each of its ancestors, sorted, with the build's version", () => {
    expect(manifestRequest("/products/product-sony-wh-1000xm5", "866a3ee7", undefined, "http://shop.test")).toBe(
      "http://shop.test/__manifest?paths=%2Fproducts%2C%2Fproducts%2Fproduct-sony-wh-1000xm5&version=866a3ee7",
    );
    expect(manifestRequest("/vendor/orders/ORD-1", "v1", undefined, "http://shop.test")).toBe(
      "http://shop.test/__manifest?paths=%2Fvendor%2C%2Fvendor%2Forders%2C%2Fvendor%2Forders%2FORD-1&version=v1",
    );
  });

  it("asks for the home page alone, and for a path given", () => {
    expect(manifestRequest("/", "v1", undefined, "http://shop.test")).toBe("http://shop.test/__manifest?paths=%2F&version=v1");
    expect(manifestRequest("/cart", "v1", "/routes", "http://shop.test")).toBe("http://shop.test/routes?paths=%2Fcart&version=v1");
  });
});
