import { request, test, type Cookie, type Page } from "@playwright/test";

/**
 * Signed-in sessions kept for the life of a test worker: each account signs in once per worker
 * and server, by a plain form post, and every later test that needs it starts with its cookies.
 * Signing in through the form costs two page loads and a password hash (about three seconds a
 * test on CI's machines); the specs whose subject is signing in (tests/e2e/accounts-*.spec.ts)
 * still walk the form. A test that signs such a session out (Logout) would end it for the rest
 * of its worker: those tests sign in through the form instead. The sessions are the project's
 * server's (its baseURL): a spec that starts shops of its own (tests/e2e/two-instances.spec.ts)
 * signs in there through the form.
 */
const sessions = new Map<string, Promise<Cookie[]>>();

export type Door = "/login" | "/vendor/login" | "/admin/login";

async function signInByPost(baseURL: string, email: string, password: string, door: Door): Promise<Cookie[]> {
  const client = await request.newContext({ baseURL });
  try {
    const response = await client.post(door, { form: { email, password }, maxRedirects: 0 });
    if (response.status() !== 302) throw new Error(`signing ${email} in at ${door} answered ${response.status()}: ${(await response.text()).slice(0, 500)}`);
    return (await client.storageState()).cookies;
  } finally {
    await client.dispose();
  }
}

/** Gives the page's browser a session of `account`, signed in once per worker (and server). */
export async function withStoredSession(page: Page, account: { email: string; password: string }, door: Door = "/login"): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("the project has no baseURL (playwright.config.ts)");
  const key = `${baseURL} ${account.email.toLowerCase()}`;
  let cookies = sessions.get(key);
  if (!cookies) {
    cookies = signInByPost(baseURL, account.email, account.password, door);
    sessions.set(key, cookies);
    cookies.catch(() => sessions.delete(key));
  }
  await page.context().addCookies(await cookies);
}
