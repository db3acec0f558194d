import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AddToCartForm } from "~/components/catalog/AddToCartForm";
import { buttonClass } from "~/components/ui/Button";
import { CheckIcon } from "~/components/ui/icons";
import { FormAlert } from "~/components/ui/FormAlert";
import { Money } from "~/components/ui/Money";
import { dbContext, userContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { stockText } from "~/modules/catalog/stock";
import { requireUser } from "~/modules/identity/guards.server";
import { formatOrderDate } from "~/lib/dates";
import { pageMeta } from "~/modules/seo/meta";
import { WISHLIST_MESSAGES, wishlistActionSchema, type WishlistReply } from "~/modules/wishlist/wishlist";
import { applyWishlistAction, listWishlist, type WishlistEntry } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/wishlist";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Your Wishlist", description: "Products you saved, with their price then and now." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const [list, flash] = await Promise.all([listWishlist(args.context.get(dbContext), user.id), readFlash(args.request)]);
  return data({ ...list, notice: flash.message }, { headers: flash.headers });
}

/**
 * Add, remove, alerts on or off, "Notify me" (docs/product-rules.md, "Wishlist and alerts"). A
 * fetcher's post gets the reply; a plain post (no JavaScript) comes back to `redirectTo`. Signed
 * out, the post leads to the sign-in page, which comes back to the page it was made on (`from`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const user = context.get(userContext);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(safeRedirectPath(values.from ?? values.redirectTo, "/wishlist"))}`);
  const parsed = wishlistActionSchema.safeParse(values);
  if (!parsed.success) return data<WishlistReply>({ status: "error", formError: WISHLIST_MESSAGES.unreadable, fieldErrors: {}, values: {} }, { status: 400 });
  const result = await applyWishlistAction(context.get(dbContext), user.id, parsed.data);
  if (!result.ok) return data<WishlistReply>({ status: "error", formError: result.message, fieldErrors: {}, values: {} }, { status: statusFor(result.reason) });
  if (values.redirectTo) {
    const to = safeRedirectPath(values.redirectTo, "/wishlist");
    // The confirmation is shown by the wishlist page only: a shared page reads no cookie.
    throw redirect(to, new URL(to, "http://x").pathname === "/wishlist" ? { headers: await flashHeaders(result.message) } : undefined);
  }
  return data<WishlistReply>({ status: "success", message: result.message, productId: result.productId, wishlisted: result.wishlisted, notify: result.notify });
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { items, alerts, notice } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">Your Wishlist</h1>
      <p className="mt-2 text-sm text-gray-700">Each item keeps the price it had when you saved it. With “Notify me” on, we mail you once when it is back in stock and once when its price drops below that.</p>
      <div className="mt-4 space-y-3">
        {notice && <FormAlert tone="success">{notice}</FormAlert>}
        {actionData?.status === "error" && <FormAlert>{actionData.formError}</FormAlert>}
      </div>
      {items.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-700">
          Your wishlist is empty. Tap the heart on any product to save it here.{" "}
          <Link to="/products" className="font-semibold text-pink-700 underline">
            Browse products
          </Link>
        </p>
      ) : (
        <ul className="mt-8 space-y-4" aria-label="Wishlist items">
          {items.map((item) => (
            <li key={item.productId}>
              <WishlistItem item={item} />
            </li>
          ))}
        </ul>
      )}
      {alerts.length > 0 && (
        <section className="mt-10" aria-labelledby="alerts-heading">
          <h2 id="alerts-heading" className="text-xl font-semibold text-gray-900">
            Back-in-stock alerts
          </h2>
          <p className="mt-1 text-sm text-gray-700">Products you asked us to tell you about, not on your wishlist.</p>
          <ul className="mt-4 space-y-4" aria-label="Back-in-stock alerts">
            {alerts.map((item) => (
              <li key={item.productId}>
                <WishlistItem item={item} alertOnly />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function WishlistItem({ item, alertOnly = false }: { item: WishlistEntry; alertOnly?: boolean }) {
  // Items are under the page's h1; alerts under their section's h2.
  const Heading = alertOnly ? "h3" : "h2";
  const href = `/products/${encodeURIComponent(item.productId)}`;
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row">
      <img src={item.image} alt="" width={160} height={120} loading="lazy" decoding="async" className="h-24 w-32 shrink-0 rounded-lg bg-gray-50 object-cover" />
      <div className="min-w-0 flex-1">
        <Heading className="font-semibold text-gray-900 wrap-anywhere">
          {item.available ? (
            <Link to={href} className="hover:text-pink-700">
              {item.name}
            </Link>
          ) : (
            item.name
          )}
        </Heading>
        <p className="mt-1 text-sm text-gray-700">
          <Money paise={item.pricePaise} className="text-lg font-bold text-gray-900" /> <span>· Saved at <Money paise={item.savedPricePaise} /> on {formatOrderDate(item.savedAt)}</span>
        </p>
        {item.dropPaise > 0 && (
          <p className="text-sm font-semibold text-green-700">
            Price dropped by <Money paise={item.dropPaise} />
          </p>
        )}
        <p className={`text-sm font-medium ${!item.available || item.stock <= 0 ? "text-red-700" : "text-green-700"}`}>{item.available ? stockText(item.stock) : "No longer sold"}</p>
        <div className="mt-3 flex flex-wrap items-start gap-3">
          {item.available && item.stock > 0 && <AddToCartForm productId={item.productId} productName={item.name} stock={item.stock} size="sm" />}
          {!alertOnly && (
            <Form method="post" action="/wishlist">
              <input type="hidden" name="intent" value="notify" />
              <input type="hidden" name="productId" value={item.productId} />
              <input type="hidden" name="redirectTo" value="/wishlist" />
              <button
                type="submit"
                name="notify"
                value={item.notify ? "off" : "on"}
                aria-pressed={item.notify}
                aria-label={`Notify me: ${item.name}`}
                className={buttonClass("outline", "sm")}
              >
                <span aria-hidden="true" className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border ${item.notify ? "border-pink-600 bg-pink-600 text-white" : "border-gray-400 bg-white"}`}>
                  {item.notify && <CheckIcon width={12} height={12} strokeWidth={3} />}
                </span>
                Notify me
              </button>
            </Form>
          )}
          <Form method="post" action="/wishlist">
            <input type="hidden" name="productId" value={item.productId} />
            <input type="hidden" name="redirectTo" value="/wishlist" />
            <button type="submit" name="intent" value="remove" className={buttonClass("outline", "sm")}>
              {alertOnly ? "Stop alert" : "Remove"}
              <span className="sr-only">{alertOnly ? ` for ${item.name}` : ` ${item.name} from your wishlist`}</span>
            </button>
          </Form>
        </div>
      </div>
    </article>
  );
}
