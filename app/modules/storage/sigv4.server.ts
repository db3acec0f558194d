import { createHash, createHmac } from "node:crypto";

/** AWS Signature Version 4 for S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, ...). */
export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: Uint8Array | string, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

/** RFC 3986 encoding, as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is percent-encoded. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 encodes each path segment once (no double encoding, unlike other services). */
function canonicalPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join("/");
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** 2013-05-24T00:00:00.000Z → 20130524T000000Z */
function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (which are added). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (sha256Hex), or "UNSIGNED-PAYLOAD". */
  payloadHash: string;
  now?: Date;
}

/**
 * Returns the headers to send, Authorization included. `host` is among them because it is signed;
 * fetch sets the same value itself, so callers leave it out of the request.
 */
export function signRequest(input: SignInput, keys: SigningKeys): Record<string, string> {
  const stamp = amzDate(input.now ?? new Date());
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v;
  headers.host = input.url.host;
  headers["x-amz-date"] = stamp;
  headers["x-amz-content-sha256"] = input.payloadHash;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath(input.url.pathname),
    canonicalQuery(input.url.searchParams),
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join("\n");

  const service = keys.service ?? "s3";
  const scope = `${day}/${keys.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), keys.region), service), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");

  headers.authorization = `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}
