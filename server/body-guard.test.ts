import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS } from "~/lib/http-policy";
import {
  addressRefusal,
  bodyGuard,
  bodyLimitFor,
  formEncoding,
  guardedBody,
  isForbiddenFieldName,
  multipartRefusal,
  percentDecode,
  REFUSALS,
  urlencodedRefusal,
} from "./body-guard";
import { routeTree, type RouteNode } from "./route-tree";
import { shopRoutes } from "../tests/support/shop-routes";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("formEncoding", () => {
  it("accepts the two encodings the shop's forms send", () => {
    expect(formEncoding("application/x-www-form-urlencoded")).toEqual({ kind: "urlencoded" });
    expect(formEncoding("Application/X-WWW-Form-Urlencoded;charset=UTF-8")).toEqual({ kind: "urlencoded" });
    expect(formEncoding("multipart/form-data; boundary=----WebKitFormBoundaryabc")).toEqual({ kind: "multipart", boundary: "----WebKitFormBoundaryabc" });
    expect(formEncoding('multipart/form-data; charset=utf-8; boundary="a b"')).toEqual({ kind: "multipart", boundary: "a b" });
  });
  it("refuses everything else, and multipart without a usable boundary", () => {
    for (const type of [undefined, "", "text/plain", "application/json", "application/octet-stream", "multipart/mixed; boundary=x", "application/x-www-form-urlencodedx"]) {
      expect(formEncoding(type)).toBeNull();
    }
    expect(formEncoding("multipart/form-data")).toBeNull();
    expect(formEncoding("multipart/form-data; boundary=")).toBeNull();
    expect(formEncoding(`multipart/form-data; boundary=${"b".repeat(71)}`)).toBeNull();
  });
});

describe("bodyLimitFor", () => {
  let routes: RouteNode[] = [];
  beforeAll(async () => {
    routes = routeTree(await shopRoutes());
  }, 60_000);

  it("gives the product forms room for a 2 MB image and streams past it, to the form's own message", () => {
    for (const path of ["/vendor/products/new", "/admin/products/new.data", "/vendor/products/p-1/edit", "/admin/products/p-1/edit.data"]) {
      expect(bodyLimitFor(routes, path), path).toEqual(BODY_LIMITS.productForm);
    }
    expect(BODY_LIMITS.productForm).toEqual({ bytes: 2.5 * 1024 * 1024, over: "stream" });
  });
  it("keeps the restored cart's 100,000 characters, URL-encoded, within /cart's limit", () => {
    expect(bodyLimitFor(routes, "/cart")).toEqual({ bytes: BODY_LIMITS.cart.bytes, over: "refuse" });
    expect(bodyLimitFor(routes, "/cart.data").bytes).toBeGreaterThanOrEqual(encodeURIComponent('"'.repeat(100_000)).length + 100);
  });
  it("refuses anything else past a few hundred KB", () => {
    for (const path of ["/", "/_root.data", "/login", "/login.data", "/contact", "/vendor/products/p-1/delete", "/admin/products", "/products/new", "/admin/nowhere", "/no/such/page.data"]) {
      expect(bodyLimitFor(routes, path), path).toEqual(BODY_LIMITS.form);
    }
    expect(BODY_LIMITS.form.bytes).toBeLessThanOrEqual(512 * 1024);
  });
});

describe("percentDecode and urlencodedRefusal", () => {
  it("decodes valid escapes, plus signs and UTF-8", () => {
    expect(percentDecode(bytes("a+b%20c%E2%82%B9"), { plusIsSpace: true })).toBe("a b c₹");
    expect(percentDecode(bytes("a+b"), { plusIsSpace: false })).toBe("a+b");
    expect(urlencodedRefusal(bytes("email=a%40b.in&password=x%26y&&name=%E0%A4%B0%E0%A4%BE%E0%A4%AE"))).toBeNull();
    expect(urlencodedRefusal(bytes(""))).toBeNull();
  });
  it("refuses broken escapes and invalid UTF-8, escaped or raw", () => {
    for (const body of ["a=%E0%A4%A", "a=%ZZ", "a=%", "a=%4", "%ZZ=1", "a=%C0%AE", "a=%FF", "a=%ED%A0%80"]) {
      expect(urlencodedRefusal(bytes(body)), body).toEqual(REFUSALS.encoding);
    }
    expect(urlencodedRefusal(new Uint8Array([0x61, 0x3d, 0xff, 0xfe]))).toEqual(REFUSALS.encoding);
  });
  it("lets repeated and name[] fields through: actions read the first value", () => {
    expect(urlencodedRefusal(bytes("specKey=a&specKey=b&name[]=x&name[]=y"))).toBeNull();
  });
  it("refuses prototype-polluting names, however they are written", () => {
    for (const body of ["__proto__[x]=1", "constructor[prototype][x]=1", "a.__proto__.b=1", "%5F%5Fproto%5F%5F=1", "prototype=1", "x=1&constructor=1"]) {
      expect(urlencodedRefusal(bytes(body)), body).toEqual(REFUSALS.fieldName);
    }
    expect(isForbiddenFieldName("proto")).toBe(false);
    expect(isForbiddenFieldName("constructorName")).toBe(false);
  });
});

describe("multipartRefusal", () => {
  const B = "XyZ";
  const type = `multipart/form-data; boundary=${B}`;
  const part = (name: string, value: string) => `--${B}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  it("accepts a well-formed body", async () => {
    expect(await multipartRefusal(bytes(`${part("name", "Mouse")}${part("specKey", "a")}${part("specKey", "b")}--${B}--\r\n`), type)).toBeNull();
  });
  it("refuses a body with another boundary, or cut short", async () => {
    expect(await multipartRefusal(bytes(`${part("name", "Mouse")}--${B}--\r\n`), "multipart/form-data; boundary=other")).toEqual(REFUSALS.damaged);
    expect(await multipartRefusal(bytes(`${part("name", "Mouse")}--${B}\r\ncontent-disposition: form-data; name="de`), type)).toEqual(REFUSALS.damaged);
  });
  it("refuses prototype-polluting names", async () => {
    expect(await multipartRefusal(bytes(`${part("__proto__", "x")}--${B}--\r\n`), type)).toEqual(REFUSALS.fieldName);
  });
});

describe("addressRefusal", () => {
  it("lets ordinary addresses through", () => {
    for (const url of ["/", "/products?q=ryzen+7&category=Laptop", "/products/product-asus", "/products?q=%E2%82%B9%2010%2C000", "/orders/RC-200000.data?_routes=root"]) {
      expect(addressRefusal(url), url).toBeNull();
    }
  });
  it("refuses broken escapes and invalid UTF-8 in the path or the query", () => {
    for (const url of ["/products/%E0%A4", "/products?q=%ZZ", "/%c0%ae%c0%ae/", "/%", "/products?q=%E0%A4%A", "/x/\u00ff"]) {
      expect(addressRefusal(url), url).toEqual(REFUSALS.address);
    }
  });
});

describe("bodyGuard", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(bodyGuard({ routes: await shopRoutes() } as ServerBuild));
    app.use((req, res) => {
      const body = guardedBody(req);
      res.json({ kind: body instanceof Uint8Array ? "buffered" : body ? "stream" : "none", length: body instanceof Uint8Array ? body.length : null });
    });
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const post = (path: string, body: BodyInit, contentType?: string) =>
    fetch(base + path, { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

  it("hands a valid form on, already read", async () => {
    const response = await post("/login", "email=a%40b.in&password=x", "application/x-www-form-urlencoded");
    expect(await response.json()).toEqual({ kind: "buffered", length: 25 });
  });
  it("lets reads through without looking for a body", async () => {
    expect(await (await fetch(`${base}/products?q=mouse`)).json()).toEqual({ kind: "none", length: null });
  });
  it("answers each refusal with its status and a plain sentence", async () => {
    const cases: [Response, { status: number; message: string }][] = [
      [await post("/login", new Uint8Array([0x61])), REFUSALS.contentType],
      [await post("/login", '{"a":1}', "application/json"), REFUSALS.contentType],
      [await post("/login", "a=%ZZ", "application/x-www-form-urlencoded"), REFUSALS.encoding],
      [await post("/login", "__proto__[x]=1", "application/x-www-form-urlencoded"), REFUSALS.fieldName],
      [await post("/login", "--x\r\n", "multipart/form-data; boundary=x"), REFUSALS.damaged],
      [await post("/login", `a=${"x".repeat(BODY_LIMITS.form.bytes)}`, "application/x-www-form-urlencoded"), REFUSALS.tooLarge],
      [await fetch(`${base}/products?q=%E0%A4`), REFUSALS.address],
    ];
    for (const [response, refusal] of cases) {
      expect(response.status).toBe(refusal.status);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe(refusal.message);
    }
  });
  it("refuses an oversized body even when it does not say its length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode("a="));
        controller.enqueue(chunk);
        sent += chunk.length;
        if (sent > BODY_LIMITS.cart.bytes) controller.close();
      },
    });
    const response = await fetch(`${base}/cart`, { method: "POST", body: stream, duplex: "half", headers: { "content-type": "application/x-www-form-urlencoded" } } as RequestInit);
    expect(response.status).toBe(413);
  });
  it("streams a product form past its limit on to the route (its form then says the image is too large)", async () => {
    const big = new Uint8Array(BODY_LIMITS.productForm.bytes + 1024);
    const form = new FormData();
    form.append("name", "Mouse");
    form.append("image", new Blob([big], { type: "image/png" }), "big.png");
    expect(await (await fetch(`${base}/vendor/products/new`, { method: "POST", body: form })).json()).toEqual({ kind: "stream", length: null });
    const small = new FormData();
    small.append("name", "Mouse");
    expect(await (await fetch(`${base}/vendor/products/new`, { method: "POST", body: small })).json()).toMatchObject({ kind: "buffered" });
  });
});
