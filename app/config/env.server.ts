import path from "node:path";
import { z } from "zod";
import { decodeSecretsKey } from "~/lib/secret-box.server";

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

/**
 * Load shedding's defaults (server/admission.ts), from a measurement on a 2-core machine
 * (docs/decisions/030-outages-and-overload.md).
 */
export const ADMISSION_DEFAULTS = { concurrency: 8, pageWaitMs: 1_000, checkoutWaitMs: 8_000 } as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "PORT must be a number" })
    .int()
    .min(1, "PORT must be between 1 and 65535")
    .max(65535, "PORT must be between 1 and 65535")
    .default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// (leave it unset for the embedded database)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED_DEMO: booleanFlag,
  BASE_URL: z
    .string()
    .url("BASE_URL must be a URL such as https://shop.example.in")
    .regex(/^https?:\/\//, "BASE_URL must start with http:// or https://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AUTH_SECRET: z
    .string()
    .min(32, "AUTH_SECRET must be at least 32 characters (leave it unset to have one generated)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must look like smtp://user:password@host:587")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().optional(),
  JOB_WORKER: z
    .enum(["inline", "separate"], { error: "JOB_WORKER must be inline (the shop works its own jobs) or separate (npm run worker does)" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  RAZORPAY_SANDBOX: z
    .enum(["on", "off"], { error: "RAZORPAY_SANDBOX must be on (run the shop's offline Razorpay sandbox) or off" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  RAZORPAY_SANDBOX_PORT: z.coerce
    .number({ error: "RAZORPAY_SANDBOX_PORT must be a number" })
    .int()
    .min(0, "RAZORPAY_SANDBOX_PORT must be between 0 (any free port) and 65535")
    .max(65535, "RAZORPAY_SANDBOX_PORT must be between 0 (any free port) and 65535")
    .default(0),
  ADMISSION_CONCURRENCY: z.coerce
    .number({ error: "ADMISSION_CONCURRENCY must be a number" })
    .int("ADMISSION_CONCURRENCY must be a whole number")
    .min(1, "ADMISSION_CONCURRENCY must be at least 1 (costly requests worked at once)")
    .max(1000, "ADMISSION_CONCURRENCY must be at most 1000")
    .default(ADMISSION_DEFAULTS.concurrency),
  ADMISSION_PAGE_WAIT_MS: z.coerce
    .number({ error: "ADMISSION_PAGE_WAIT_MS must be a number of milliseconds" })
    .int("ADMISSION_PAGE_WAIT_MS must be a whole number of milliseconds")
    .min(0, "ADMISSION_PAGE_WAIT_MS must be 0 or more")
    .max(60_000, "ADMISSION_PAGE_WAIT_MS must be at most 60000 (a minute)")
    .default(ADMISSION_DEFAULTS.pageWaitMs),
  ADMISSION_CHECKOUT_WAIT_MS: z.coerce
    .number({ error: "ADMISSION_CHECKOUT_WAIT_MS must be a number of milliseconds" })
    .int("ADMISSION_CHECKOUT_WAIT_MS must be a whole number of milliseconds")
    .min(0, "ADMISSION_CHECKOUT_WAIT_MS must be 0 or more")
    .max(60_000, "ADMISSION_CHECKOUT_WAIT_MS must be at most 60000 (a minute)")
    .default(ADMISSION_DEFAULTS.checkoutWaitMs),
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const key = decodeSecretsKey(v);
      if (!key) {
        ctx.addIssue({ code: "custom", message: "SECRETS_KEY must be the base64 of exactly 32 random bytes (generate one with: openssl rand -base64 32)" });
        return z.NEVER;
      }
      return key;
    }),
});

/** Object storage for product images: all five variables, or none (images then stay on local disk). */
const S3_VARIABLES = [
  "STORAGE_S3_ENDPOINT",
  "STORAGE_S3_BUCKET",
  "STORAGE_S3_REGION",
  "STORAGE_S3_ACCESS_KEY_ID",
  "STORAGE_S3_SECRET_ACCESS_KEY",
] as const;
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);
const optionalHttpUrl = (name: string) =>
  optionalText.refine((v) => v === undefined || (/^https?:\/\//.test(v) && URL.canParse(v)), `${name} must be a URL starting with http:// or https://`);
const StorageShape = {
  STORAGE_S3_ENDPOINT: optionalHttpUrl("STORAGE_S3_ENDPOINT"),
  STORAGE_S3_BUCKET: optionalText,
  STORAGE_S3_REGION: optionalText,
  STORAGE_S3_ACCESS_KEY_ID: optionalText,
  STORAGE_S3_SECRET_ACCESS_KEY: optionalText,
};
function s3AllOrNone(e: Record<(typeof S3_VARIABLES)[number], string | undefined>, ctx: z.RefinementCtx) {
  const set = S3_VARIABLES.filter((k) => e[k] !== undefined);
  if (set.length === 0 || set.length === S3_VARIABLES.length) return;
  for (const k of S3_VARIABLES) {
    if (e[k] !== undefined) continue;
    ctx.addIssue({
      code: "custom",
      path: [k],
      message: `${k} is not set: object storage needs all five STORAGE_S3_* variables (${set.join(", ")} ${set.length === 1 ? "is" : "are"} set); set none to keep images on local disk`,
    });
  }
}

export interface S3StorageSettings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Whether demo data (catalogue, accounts) is seeded on start. */
  seedDemo: boolean;
  /** The shop's public address: reset links are built on it; https makes cookies Secure. */
  baseUrl: string;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** inline: the web process also works the job queue (mail); separate: `npm run worker` does. */
  jobWorker: "inline" | "separate";
  secureCookies: boolean;
  /** S3-compatible storage for product images (STORAGE_S3_*); null keeps them under DATA_DIR/uploads. */
  imageStorage: S3StorageSettings | null;
  /**
   * The offline Razorpay sandbox runs beside the shop: for the demo (its default), or when
   * RAZORPAY_SANDBOX=on. Only the sandbox's own key is sent to it (docs/decisions/014).
   */
  razorpaySandbox: { port: number } | null;
  /** The key that seals payment secrets (SECRETS_KEY); unset, see resolveSecretsKey. */
  secretsKey: Uint8Array | undefined;
  /** Load shedding (ADMISSION_*): costly requests worked at once, and how long others may wait their turn. */
  admission: { concurrency: number; pageWaitMs: number; checkoutWaitMs: number };
};

/** Parses the environment once, at start-up; a bad variable stops the shop with a message naming it. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.extend(StorageShape).superRefine(s3AllOrNone).safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const seedDemo = e.SEED_DEMO ?? e.NODE_ENV !== "production";
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jobWorker: e.JOB_WORKER ?? "inline",
    secureCookies: e.NODE_ENV === "production" && (e.BASE_URL ?? "").startsWith("https://"),
    imageStorage:
      e.STORAGE_S3_ENDPOINT && e.STORAGE_S3_BUCKET && e.STORAGE_S3_REGION && e.STORAGE_S3_ACCESS_KEY_ID && e.STORAGE_S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.STORAGE_S3_ENDPOINT.replace(/\/+$/, ""),
            bucket: e.STORAGE_S3_BUCKET,
            region: e.STORAGE_S3_REGION,
            accessKeyId: e.STORAGE_S3_ACCESS_KEY_ID,
            secretAccessKey: e.STORAGE_S3_SECRET_ACCESS_KEY,
          }
        : null,
    secretsKey: e.SECRETS_KEY,
    admission: { concurrency: e.ADMISSION_CONCURRENCY, pageWaitMs: e.ADMISSION_PAGE_WAIT_MS, checkoutWaitMs: e.ADMISSION_CHECKOUT_WAIT_MS },
    razorpaySandbox: (e.RAZORPAY_SANDBOX ?? (seedDemo ? "on" : "off")) === "on" ? { port: e.RAZORPAY_SANDBOX_PORT } : null,
  };
}
