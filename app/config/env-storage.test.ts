import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const S3 = {
  STORAGE_S3_ENDPOINT: "https://s3.ap-south-1.amazonaws.com/",
  STORAGE_S3_BUCKET: "rc-images",
  STORAGE_S3_REGION: "ap-south-1",
  STORAGE_S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
  STORAGE_S3_SECRET_ACCESS_KEY: "secret",
};

describe("image storage settings", () => {
  it("keeps images on local disk when no STORAGE_S3_* variable is set", () => {
    expect(parseEnv({}).imageStorage).toBeNull();
    expect(parseEnv({ STORAGE_S3_BUCKET: "" }).imageStorage).toBeNull();
  });

  it("uses the bucket when all five are set", () => {
    expect(parseEnv({ ...S3 }).imageStorage).toEqual({
      endpoint: "https://s3.ap-south-1.amazonaws.com",
      bucket: "rc-images",
      region: "ap-south-1",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "secret",
    });
  });

  it("refuses some but not all, naming each missing variable", () => {
    const { STORAGE_S3_SECRET_ACCESS_KEY: _s, STORAGE_S3_REGION: _r, ...partial } = S3;
    expect(() => parseEnv(partial)).toThrow(/STORAGE_S3_REGION: STORAGE_S3_REGION is not set/);
    expect(() => parseEnv(partial)).toThrow(/STORAGE_S3_SECRET_ACCESS_KEY: STORAGE_S3_SECRET_ACCESS_KEY is not set/);
  });

  it("refuses an endpoint that is not an http(s) URL, naming it", () => {
    expect(() => parseEnv({ ...S3, STORAGE_S3_ENDPOINT: "s3.amazonaws.com" })).toThrow(/STORAGE_S3_ENDPOINT must be a URL/);
    expect(() => parseEnv({ ...S3, STORAGE_S3_ENDPOINT: "ftp://x" })).toThrow(/STORAGE_S3_ENDPOINT must be a URL/);
  });
});
