import { describe, expect, it } from "vitest";
import { sha256Hex, signRequest } from "./sigv4.server";

// The worked example of AWS's "Signature Calculations for the Authorization Header" (GET Object).
const EXAMPLE_KEYS = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" };

describe("signRequest (AWS Signature V4)", () => {
  it("reproduces AWS's documented GET Object signature", () => {
    const headers = signRequest(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: sha256Hex(""),
        now: new Date("2013-05-24T00:00:00Z"),
      },
      EXAMPLE_KEYS,
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers["x-amz-content-sha256"]).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("changes the signature when the body, the path or the secret changes", () => {
    const base = { method: "PUT", url: new URL("http://127.0.0.1:9000/bucket/products/a.png"), payloadHash: sha256Hex("a"), now: new Date("2026-01-01T00:00:00Z") };
    const a = signRequest(base, EXAMPLE_KEYS).authorization;
    expect(signRequest({ ...base, payloadHash: sha256Hex("b") }, EXAMPLE_KEYS).authorization).not.toBe(a);
    expect(signRequest({ ...base, url: new URL("http://127.0.0.1:9000/bucket/products/b.png") }, EXAMPLE_KEYS).authorization).not.toBe(a);
    expect(signRequest(base, { ...EXAMPLE_KEYS, secretAccessKey: "other" }).authorization).not.toBe(a);
  });
});
