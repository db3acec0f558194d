import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { createRazorpayClient, type RazorpayClient } from "./razorpay.server";
import type { SecretBox } from "~/lib/secret-box.server";
import { providerCredentials } from "./settings.server";

export const RAZORPAY_API_URL = "https://api.razorpay.com";
export const RAZORPAY_CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/razorpay.js";

/** The shop's own Razorpay sandbox, when it runs (the demo, or RAZORPAY_SANDBOX=on), and the key it answers to. */
export interface SandboxLink {
  url: string;
  keyId: string;
}

/** The Razorpay account in Payment Settings, ready to call. */
export interface RazorpayAccount {
  keyId: string;
  keySecret: string;
  /** null until the admin sets it: webhooks are then refused (the 30-minute check still settles orders). */
  webhookSecret: string | null;
  api: RazorpayClient;
  /** Custom Checkout's browser script. */
  checkoutScript: string;
  sandbox: boolean;
}

export interface Payments {
  /** The configured Razorpay account, read afresh (the admin may change it at any time); null when not set up. */
  razorpay(): Promise<RazorpayAccount | null>;
}

/**
 * Real keys always go to Razorpay. Only the sandbox's own key goes to the sandbox, and only while
 * it runs: a deployment with real keys never touches it (docs/decisions/014).
 */
export function createPayments({ db, secrets, sandbox }: { db: Kysely<Database>; secrets: SecretBox; sandbox: SandboxLink | null }): Payments {
  return {
    async razorpay() {
      const credentials = (await providerCredentials(db, secrets)).razorpay;
      if (!credentials) return null;
      const toSandbox = sandbox !== null && credentials.keyId === sandbox.keyId;
      const apiUrl = toSandbox ? sandbox.url : RAZORPAY_API_URL;
      return {
        ...credentials,
        api: createRazorpayClient({ apiUrl, keyId: credentials.keyId, keySecret: credentials.keySecret }),
        checkoutScript: toSandbox ? `${sandbox.url}/v1/razorpay.js` : RAZORPAY_CHECKOUT_SCRIPT,
        sandbox: toSandbox,
      };
    },
  };
}
