import { createCookie } from "react-router";

/**
 * A one-time confirmation carried across a post/redirect/get: set by the action's redirect,
 * read (and cleared) by the next page's loader.
 */
const flashCookie = createCookie("flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function flashHeaders(message: string): Promise<Headers> {
  return new Headers({ "Set-Cookie": await flashCookie.serialize(message.slice(0, 300)) });
}

export async function readFlash(request: Request): Promise<{ message: string | null; headers: Headers | undefined }> {
  const value: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return { message: null, headers: undefined };
  return { message: value, headers: new Headers({ "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) }) };
}
