import { Static } from "~/components/ui/Static";
import { useId, useState, type ReactNode } from "react";
import { redirect } from "react-router";
import { Link } from "~/lib/route-links";
import { AddToCartForm } from "~/components/catalog/AddToCartForm";
import { CompareToggle } from "~/components/compare/CompareToggle";
import { NotifyMeForm, WishlistButton } from "~/components/wishlist/WishlistButton";
import { DeliverTo } from "~/components/delivery/DeliverTo";
import { CustomerReviews } from "~/components/reviews/CustomerReviews";
import { Stars } from "~/components/catalog/Stars";
import { ProductGrid } from "~/components/catalog/ProductCard";
import { MrpSaving, PriceWithGst } from "~/components/catalog/PriceWithGst";
import { ProductDeclarationsSection } from "~/components/catalog/ProductDeclarations";
import { ProductQuestions } from "~/components/questions/ProductQuestions";
import { SavedBuildFit } from "~/components/builds/SavedBuildFit";
import { Money } from "~/components/ui/Money";
import { ArrowLeftIcon, MinusIcon, PlusIcon } from "~/components/ui/icons";
import { BRAND } from "~/config/brand";
import { dbContext } from "~/context";
import { useHydrated } from "~/hooks";
import { slotOf } from "~/modules/builds/compatibility";
import { categoryHref } from "~/modules/catalog/categories";
import { getProduct, relatedProducts } from "~/modules/catalog/products.server";
import { shownSpecifications } from "~/modules/catalog/spec-schema";
import { clampQuantity, maxOrderQuantity, stockText } from "~/modules/catalog/stock";
import { paiseToDecimalString } from "~/modules/money/money";
import { estimateForProduct } from "~/modules/orders/delivery-estimate.server";
import { GST_RATE_PERCENT } from "~/modules/orders/totals";
import { productReviews } from "~/modules/reviews/reviews.server";
import { parseReviewListQuery, reviewsJsonLd } from "~/modules/reviews/rules";
import { productQuestions } from "~/modules/questions/questions.server";
import { parseQuestionPage } from "~/modules/questions/rules";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/product";
import { sharedPage } from "~/lib/http-policy";

/** Up to 4 related products. */
const RELATED_LIMIT = 4;

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const product = await getProduct(db, params.id);
  if (!product) throw redirect("/not-found?product");
  const searchParams = new URL(request.url).searchParams;
  // Reviews (`?reviews=`, `?stars=`, `?rpage=`) and questions (`?qpage=`) are listed as the address
  // asks: part of this shared page's address, like `?pin=` (docs/decisions/024-delivery-promises.md).
  const reviewQuery = parseReviewListQuery(searchParams);
  const [related, reviews, questions] = await Promise.all([
    relatedProducts(db, product, RELATED_LIMIT),
    productReviews(db, product.id, reviewQuery),
    productQuestions(db, product.id, parseQuestionPage(searchParams.get("qpage"))),
  ]);
  // Listed in the category's order with names and units here, so the page ships no schema.
  const specifications = shownSpecifications(product.category, product.specifications);
  const brand = product.specifications.brand ?? null;
  // A "Deliver to" PIN asked without JavaScript: the answer is part of this address's page, the same for everyone who asks it.
  const pin = searchParams.get("pin");
  const delivery = pin === null ? null : await estimateForProduct(db, product, pin.slice(0, 12));
  // A PC part keeps a place for "fits your saved build", which comes after load (/visitor).
  const pcPart = slotOf(product) !== null;
  return { product: { ...product, specifications: undefined }, brand, specifications, pcPart, related, delivery, reviews: reviews!, reviewQuery, questions, url: new URL(request.url).origin + `/products/${encodeURIComponent(product.id)}` };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return pageMeta({ title: "Product", description: "Product details" });
  const { product, url } = data;
  const description = product.description.length > 155 ? product.description.slice(0, 152).trimEnd() + "…" : product.description;
  return [
    ...pageMeta({ title: product.name, description }),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:image", content: new URL(product.image, url).href },
  ];
};

/**
 * The product's structured data (schema.org), a `<script type="application/ld+json">` in the
 * page's first Static part: written by the server, and not rebuilt in the browser at load as the
 * route's `meta` would. `<`, `>`, `&` and the two line separators are escaped, so
 * nothing a review says can close the script.
 */
function ProductJsonLd({ data: { product, brand, url, reviews } }: { data: Route.ComponentProps["loaderData"] }) {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: new URL(product.image, url).href,
    sku: product.id,
    category: product.category,
    ...(brand ? { brand: { "@type": "Brand", name: brand } } : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: paiseToDecimalString(product.pricePaise),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: BRAND.name },
    },
    ...reviewsJsonLd(reviews),
  };
  const json = JSON.stringify(jsonLd).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

function QuantityStepper({ max, disabled }: { max: number; disabled: boolean }) {
  const [quantity, setQuantity] = useState(1);
  const id = useId();
  const hydrated = useHydrated();
  const step = (delta: number) => setQuantity((q) => clampQuantity(q + delta, max));
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        Quantity
      </label>
      <div className="flex items-center rounded-lg border border-gray-300 bg-white">
        <button
          type="button"
          onClick={() => step(-1)}
          disabled={disabled || !hydrated || quantity <= 1}
          className="p-2.5 text-gray-700 hover:text-pink-700 disabled:opacity-40"
          aria-label="Decrease quantity"
        >
          <MinusIcon width={16} height={16} />
        </button>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={quantity}
          disabled={disabled}
          onChange={(e) => setQuantity(e.target.value === "" ? 1 : clampQuantity(e.target.value, max))}
          className="w-14 border-x border-gray-300 py-2 text-center text-sm [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          onClick={() => step(1)}
          disabled={disabled || !hydrated || quantity >= max}
          className="p-2.5 text-gray-700 hover:text-pink-700 disabled:opacity-40"
          aria-label="Increase quantity"
        >
          <PlusIcon width={16} height={16} />
        </button>
      </div>
    </div>
  );
}

type Tab = "description" | "specifications";

const TABS: { id: Tab; label: string }[] = [
  { id: "description", label: "Description" },
  { id: "specifications", label: "Specifications" },
];

/**
 * Description and Specifications as tabs. Before hydration both panels show, so the content is
 * there without JavaScript; the tab state lives here, so choosing a tab (or learning the page has
 * hydrated) renders the tabs alone and not the whole product page.
 */
function ProductTabs({ panels }: { panels: Record<Tab, ReactNode> }) {
  const [tab, setTab] = useState<Tab>("description");
  const hydrated = useHydrated();
  return (
    <section className="mt-12">
      <div role="tablist" aria-label="Product information" className="flex gap-6 border-b border-gray-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-controls={`panel-${t.id}`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                const next = t.id === "description" ? "specifications" : "description";
                setTab(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
            className={`-mb-px border-b-2 px-1 py-3 text-sm font-semibold ${
              tab === t.id ? "border-pink-600 text-pink-700" : "border-transparent text-gray-600 hover:text-gray-900"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`panel-${t.id}`} aria-labelledby={`tab-${t.id}`} hidden={hydrated && tab !== t.id} className="py-6">
          {panels[t.id]}
        </div>
      ))}
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, specifications: specs, related } = loaderData;
  const max = maxOrderQuantity(product.stock);
  const outOfStock = product.stock <= 0;
  // What the page's unchanging parts show: a new version renders them again (app/components/ui/Static.tsx).
  const shown = `${product.id} ${product.updatedAt} ${product.pricePaise} ${product.stock} ${product.rating.count} ${product.rating.average}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Static className="contents" version={`${shown} ${loaderData.reviews.reviews.map((r) => r.id).join(",")}`}>
        <ProductJsonLd data={loaderData} />
        <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/products" className="inline-flex items-center gap-1 hover:text-pink-700">
                <ArrowLeftIcon width={16} height={16} /> Products
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link to={categoryHref(product.category)} className="hover:text-pink-700">
                {product.category}
              </Link>
            </li>
          </ol>
        </nav>
      </Static>

      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <Static className="overflow-hidden rounded-2xl border border-gray-200 bg-gray-50" version={shown}>
          <img src={product.image} alt={product.name} width={800} height={600} fetchPriority="high" className="h-auto w-full" />
        </Static>
        <div>
          <Static className="contents" version={shown}>
            <p className="text-sm font-semibold uppercase tracking-wide text-pink-700">{product.category}</p>
            <h1 className="mt-2 text-3xl font-bold text-gray-900">{product.name}</h1>
            {product.rating.count > 0 && (
              <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-sm font-medium text-pink-700 hover:text-pink-800">
                <Stars rating={product.rating} />
                <span>See the reviews</span>
              </a>
            )}
            <div className="mt-4">
              <Money paise={product.pricePaise} className="block text-3xl font-extrabold text-gray-900" />
              <p className="mt-1 text-sm text-gray-600">{`+ ${GST_RATE_PERCENT}% GST, added at checkout`}</p>
              <PriceWithGst paise={product.pricePaise} className="mt-1 text-base text-gray-700" />
              <MrpSaving paise={product.pricePaise} mrpPaise={product.declarations.mrpPaise} className="mt-1 text-sm text-gray-600" />
            </div>
            <p className={`mt-4 text-sm font-semibold ${outOfStock ? "text-red-700" : "text-green-700"}`}>{stockText(product.stock)}</p>
            <p className="mt-1 text-sm text-gray-600">
              Sold by{" "}
              <Link to={`/sellers/${encodeURIComponent(product.vendorId)}`} className="font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800">
                {product.vendorName}
              </Link>
            </p>
          </Static>

          <AddToCartForm productId={product.id} productName={product.name} stock={product.stock} size="lg" className="mt-6">
            <QuantityStepper max={max} disabled={outOfStock} />
          </AddToCartForm>
          <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
            <CompareToggle productId={product.id} productName={product.name} />
            <WishlistButton productId={product.id} productName={product.name} withText />
          </div>
          {loaderData.pcPart && <SavedBuildFit productId={product.id} />}
          {outOfStock && <NotifyMeForm productId={product.id} productName={product.name} className="mt-4" />}
          <DeliverTo productId={product.id} estimate={loaderData.delivery} />
        </div>
      </div>

      <ProductTabs
        panels={{
          description: <p className="max-w-3xl leading-7 text-gray-700">{product.description}</p>,
          specifications:
            specs.length === 0 ? (
              <p className="text-gray-600">No specifications listed.</p>
            ) : (
              <Static as="dl" className="max-w-3xl divide-y divide-gray-200 overflow-hidden rounded-xl border border-gray-200" version={`${product.id} ${product.updatedAt}`}>
                {specs.map(({ key, label, value }) => (
                  <div key={key} className="grid grid-cols-1 gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
                    <dt className="text-sm font-semibold text-gray-900">{label}</dt>
                    <dd className="text-sm text-gray-700 sm:col-span-2">{value}</dd>
                  </div>
                ))}
              </Static>
            ),
        }}
      />

      <Static className="contents" version={`${product.id} ${product.updatedAt}`}>
        <ProductDeclarationsSection declarations={product.declarations} />
      </Static>

      <CustomerReviews productId={product.id} reviews={loaderData.reviews} query={loaderData.reviewQuery} />
      <ProductQuestions productId={product.id} productName={product.name} data={loaderData.questions} />

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-10">
          <h2 id="related-heading" className="text-2xl font-bold text-gray-900">
            Related Products
          </h2>
          <div className="mt-6">
            <ProductGrid products={related} />
          </div>
        </section>
      )}
    </div>
  );
}
