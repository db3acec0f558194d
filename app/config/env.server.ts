import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

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
});

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
  secureCookies: boolean;
};

/** Parses the environment once, at start-up; a bad variable stops the shop with a message naming it. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== "production",
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secureCookies: e.NODE_ENV === "production" && (e.BASE_URL ?? "").startsWith("https://"),
  };
}
