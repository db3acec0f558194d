import { Link } from "~/lib/route-links";
import { ProductGrid } from "~/components/catalog/ProductCard";
import { ButtonLink } from "~/components/ui/Button";
import { Static } from "~/components/ui/Static";
import { HeadsetIcon, ShieldIcon, TagIcon, TruckIcon } from "~/components/ui/icons";
import { BRAND } from "~/config/brand";
import { dbContext } from "~/context";
import { HOME_CATEGORIES, categoryHref, type ProductCategory } from "~/modules/catalog/categories";
import { featuredProducts, productsInCategory } from "~/modules/catalog/products.server";
import { DELIVERY_METRO, RETURN_WINDOW_DAYS } from "~/modules/content/policies";
import { formatMoney } from "~/modules/money/money";
import { FREE_SHIPPING_FROM_PAISE } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/home";
import { sharedPage } from "~/lib/http-policy";

/** The home page shows 4 featured products and 4 laptops. */
const HOME_ROW_SIZE = 4;

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [featured, laptops] = await Promise.all([
    featuredProducts(db, HOME_ROW_SIZE),
    productsInCategory(db, "Laptop", HOME_ROW_SIZE),
  ]);
  return { featured, laptops };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    description: `Buy laptops, desktops, monitors, components and accessories online at ${BRAND.name}. Genuine products, GST invoices and fast delivery across India since ${BRAND.servingSince}.`,
  });

const CATEGORY_ART: Record<ProductCategory, { image: string; blurb: string }> = {
  Laptop: { image: "/images/products/asus-tuf-gaming-a15.svg", blurb: "Gaming, work and study" },
  Desktop: { image: "/images/products/rc-gaming-pc-ryzen-7-7800x3d-rtx-5070.svg", blurb: "Towers and all-in-ones" },
  Component: { image: "/images/products/zotac-geforce-rtx-5070-twin-edge-oc.svg", blurb: "CPUs, graphics and more" },
  Monitor: { image: "/images/products/lg-ultragear-27gr75q.svg", blurb: "Gaming and office displays" },
  Audio: { image: "/images/products/sony-wh-1000xm5.svg", blurb: "Headphones and speakers" },
  Peripherals: { image: "/images/products/logitech-mx-master-3s.svg", blurb: "Keyboards and mice" },
  Storage: { image: "/images/products/samsung-990-pro-2tb.svg", blurb: "SSDs and drives" },
};

const REASONS = [
  { Icon: ShieldIcon, title: "Genuine products", text: "Sourced from authorised distributors, with manufacturer warranty and a GST invoice on every order." },
  { Icon: TruckIcon, title: "Fast, free delivery", text: `Free shipping on orders of ${formatMoney(FREE_SHIPPING_FROM_PAISE)} or more; ${DELIVERY_METRO} in metro cities.` },
  { Icon: TagIcon, title: "Fair prices", text: `Honest prices in rupees and easy ${RETURN_WINDOW_DAYS}-day returns.` },
  { Icon: HeadsetIcon, title: "Expert support", text: `Real people who know computers, helping customers across India since ${BRAND.servingSince}.` },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, laptops } = loaderData;
  return (
    <>
      <Static className="contents">
        <section className="relative -mt-16 overflow-hidden bg-gradient-to-br from-pink-50 via-white to-indigo-50 pt-16">
          <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20 lg:px-8">
            <div>
              <p className="inline-block rounded-full bg-pink-100 px-3 py-1 text-sm font-semibold text-pink-800">
                Serving India since {BRAND.servingSince}
              </p>
              <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl lg:text-6xl">
                Power up with the <span className="text-pink-600">right tech</span>
              </h1>
              <p className="mt-5 max-w-xl text-lg text-gray-700">
                Laptops, desktops, monitors, components and accessories from the brands you trust, at fair prices with GST
                invoices and delivery across India.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <ButtonLink to="/products" size="lg">
                  Shop Now
                </ButtonLink>
                <ButtonLink to="/about" size="lg" variant="outline">
                  Learn More
                </ButtonLink>
              </div>
              <p className="mt-5 text-sm text-gray-700">
                Putting a PC together?{" "}
                <Link to="/build" className="font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800">
                  Build a PC
                </Link>{" "}
                and see which parts fit each other before you pay.
              </p>
            </div>
            <div className="relative">
              <img
                src="/images/products/asus-tuf-gaming-a15.svg"
                alt=""
                width={800}
                height={600}
                fetchPriority="high"
                className="w-full rounded-3xl shadow-xl ring-1 ring-black/5"
              />
            </div>
          </div>
        </section>

        <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="categories-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
            Shop by Category
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {HOME_CATEGORIES.map((category) => (
              <li key={category}>
                <Link
                  to={categoryHref(category)}
                  className="group flex h-full flex-col items-center rounded-xl border border-gray-200 bg-white p-4 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-pink-300 hover:shadow-md"
                >
                  <img
                    src={CATEGORY_ART[category].image}
                    alt=""
                    width={800}
                    height={600}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                  <span className="mt-3 font-semibold text-gray-900 group-hover:text-pink-700">{category}</span>
                  <span className="text-xs text-gray-600">{CATEGORY_ART[category].blurb}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </Static>

      <section aria-labelledby="featured-heading" className="bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <Static className="flex items-end justify-between gap-4">
            <h2 id="featured-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
              Featured Products
            </h2>
            <Link to="/products" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
              View all products
            </Link>
          </Static>
          <div className="mt-8">
            <ProductGrid products={featured} />
          </div>
        </div>
      </section>

      <Static className="contents">
        <section aria-labelledby="students-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-gradient-to-r from-pink-600 to-fuchsia-700 p-8 text-white shadow-lg md:flex-row md:items-center md:p-12">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-pink-100">Student Offers</p>
              <h2 id="students-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
                Back to college with the right laptop
              </h2>
              <p className="mt-3 max-w-2xl text-pink-50">
                Students get our best prices on laptops for study and coding. Show a valid college ID and ask our team about
                student pricing before you order.
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-3">
              <ButtonLink to={categoryHref("Laptop")} variant="secondary" size="lg">
                Shop Laptops
              </ButtonLink>
              <ButtonLink to="/contact" variant="outline" size="lg">
                Ask about offers
              </ButtonLink>
            </div>
          </div>
        </section>
      </Static>

      <section aria-labelledby="laptops-heading" className="mx-auto max-w-7xl px-4 pb-14 sm:px-6 lg:px-8">
        <Static className="flex items-end justify-between gap-4">
          <h2 id="laptops-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
            Latest Laptops
          </h2>
          <Link to={categoryHref("Laptop")} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            View all laptops
          </Link>
        </Static>
        <div className="mt-8">
          <ProductGrid products={laptops} />
        </div>
      </section>

      <Static className="contents">
        <section aria-labelledby="why-heading" className="bg-gray-950 text-white">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
            <h2 id="why-heading" className="text-center text-2xl font-bold sm:text-3xl">
              Why Choose {BRAND.name}?
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {REASONS.map(({ Icon, title, text }) => (
                <li key={title} className="rounded-xl bg-white/5 p-6 ring-1 ring-white/10">
                  <Icon className="text-pink-400" width={28} height={28} />
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-sm leading-6 text-gray-300">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </Static>
    </>
  );
}
