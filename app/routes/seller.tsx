import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { ProductGrid } from "~/components/catalog/ProductCard";
import { Stars } from "~/components/catalog/Stars";
import { BRAND } from "~/config/brand";
import { dbContext } from "~/context";
import { sharedPage } from "~/lib/http-policy";
import { SELLER_PAGE_SIZE } from "~/modules/catalog/sellers";
import { publicSeller, sellerProducts, sellerRating } from "~/modules/catalog/sellers.server";
import { pageMeta } from "~/modules/seo/meta";
import { indiaMonthOf, monthLabel } from "~/modules/settlements/months";
import type { Route } from "./+types/seller";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const seller = await publicSeller(db, params.id);
  // Pending, rejected and unknown sellers have no page.
  if (!seller) throw data("Seller not found", { status: 404 });
  const asked = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const [listing, rating] = await Promise.all([sellerProducts(db, seller.id, Number.isInteger(asked) ? asked : 1), sellerRating(db, seller.id)]);
  return { seller, since: monthLabel(indiaMonthOf(seller.since)), rating, ...listing };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: "Seller", description: `A seller on ${BRAND.name}` });
  const { seller } = loaderData;
  const place = [seller.city, seller.state].filter(Boolean).join(", ");
  return pageMeta({
    title: seller.name,
    description: `${seller.name}${place ? `, ${place}` : ""}: a seller on ${BRAND.name}. Address, customer care number, GSTIN and products on sale.`,
  });
};

export default function SellerPage({ loaderData }: Route.ComponentProps) {
  const { seller, since, rating, products, total, page, pageCount } = loaderData;
  const address = [seller.address, seller.city, seller.state].filter(Boolean).join(", ");
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        <Link to="/products" className="hover:text-pink-700">
          Products
        </Link>
      </nav>
      <h1 className="mt-3 break-words text-3xl font-bold text-gray-900">{seller.name}</h1>
      <p className="mt-1 text-sm text-gray-700">
        Selling on {BRAND.name} since {since}
      </p>
      {rating.count > 0 && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-800">
          <span className="font-semibold">Seller rating</span>
          <Stars rating={rating} size="md" />
          <span>
            {rating.average.toFixed(1)} out of 5 from {rating.count === 1 ? "1 review" : `${rating.count} reviews`} of their products
          </span>
        </p>
      )}
      <section aria-labelledby="seller-details" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="seller-details" className="text-lg font-semibold text-gray-900">
          Seller details
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-gray-900">Business name</dt>
          <dd className="break-words text-gray-700">{seller.name}</dd>
          <dt className="font-semibold text-gray-900">Address</dt>
          <dd className="break-words text-gray-700">{address || "Not given"}</dd>
          <dt className="font-semibold text-gray-900">Customer care</dt>
          <dd className="text-gray-700">
            {seller.phone ? (
              <a href={`tel:${seller.phone.replace(/\s+/g, "")}`} className="text-pink-700 underline underline-offset-2 hover:text-pink-800">
                {seller.phone}
              </a>
            ) : (
              "Not given"
            )}
          </dd>
          <dt className="font-semibold text-gray-900">GSTIN</dt>
          <dd className="text-gray-700">{seller.gstin ?? "Not registered"}</dd>
        </dl>
      </section>
      <section aria-labelledby="seller-products" className="mt-10">
        <h2 id="seller-products" className="text-xl font-semibold text-gray-900">
          Products from {seller.name}
        </h2>
        <PageSummary page={page} pageSize={SELLER_PAGE_SIZE} shown={products.length} total={total} noun="products" />
        {products.length > 0 && (
          <div className="mt-4">
            <ProductGrid products={products} eagerCount={4} />
          </div>
        )}
        <Pager page={page} pageCount={pageCount} label="Pages of this seller's products" />
      </section>
    </div>
  );
}
