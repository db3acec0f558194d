import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/schema";
import type { Kysely } from "kysely";
import type { Identity, VendorProfile } from "~/modules/identity/accounts.server";
import type { SessionUser } from "~/modules/identity/roles";
import type { ImageStore } from "~/modules/storage/images.server";
import type { SecretBox } from "~/lib/secret-box.server";
import type { Outbox, Store } from "~/modules/jobs/outbox.server";
import type { Payments } from "~/modules/payments/gateway.server";

/** The database handle, set once per request by the server (server/app.ts) and by tests. */
export const dbContext = createContext<Kysely<Database>>();

/** Accounts and sessions (Better Auth on the same database). */
export const identityContext = createContext<Identity>();

/** The signed-in user, read once per request by the root middleware; null when signed out. */
export const userContext = createContext<SessionUser | null>(null);

/**
 * Whether this request renders a page every visitor shares (server/request-handler.ts): it came
 * without the visitor's cookies, so nothing here knows who asks, and the page must not say
 * "signed out" or "empty cart" either (app/root.tsx; docs/decisions/027-one-page-for-everyone.md).
 */
export const sharedPageContext = createContext<boolean>(false);

/** The client's address (Express's view, proxy-aware), for throttling. */
export const clientIpContext = createContext<string>("unknown");

/** Where product images are stored (local disk or S3-compatible storage); set once by the server. */
export const imageStoreContext = createContext<ImageStore>();

/** Seals and opens stored secrets (payment keys) under SECRETS_KEY; set once by the server. */
export const secretBoxContext = createContext<SecretBox>();

/** The transactional outbox: jobs (mail, payment checks) written in the transaction of the change they announce; set once by the server. */
export const outboxContext = createContext<Outbox>();

/** Razorpay, as Payment Settings configure it (or the offline sandbox in the demo); set once by the server. */
export const paymentsContext = createContext<Payments>();

/** The database and the outbox, for a change that announces itself (placing an order, …). */
export function storeOf(context: Readonly<RouterContextProvider>): Store {
  return { db: context.get(dbContext), outbox: context.get(outboxContext) };
}

/** The signed-in vendor's business, looked up once per request by the vendor portal's middleware. */
export const vendorContext = createContext<VendorProfile | null>(null);

/**
 * This request's id (sent back as X-Request-Id, written on its log line and on a 500 page) and its
 * Content-Security-Policy nonce, made by the server (server/app.ts). The root middleware fills in
 * `userId`, which the request's log line reports when the response finishes.
 */
export interface RequestMeta {
  id: string;
  nonce: string;
  userId: string | null;
}
export const requestContext = createContext<RequestMeta | null>(null);
