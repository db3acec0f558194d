import type { ReactNode } from "react";
import { Link } from "~/lib/route-links";
import { CompanyDetails } from "~/components/content/LegalDetails";
import { BRAND } from "~/config/brand";
import { RETURN_WINDOW_DAYS } from "~/modules/content/policies";
import { formatMoney } from "~/modules/money/money";
import { FREE_SHIPPING_FROM_PAISE } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import { sharedPage } from "~/lib/http-policy";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta = () =>
  pageMeta({
    title: "About Us",
    description: `${BRAND.name} is a ${BRAND.address.city}-based computer store serving customers since ${BRAND.servingSince}: genuine laptops, PCs and components with GST invoices and pan-India delivery.`,
  });

/** Decorative 24×24 outline icon; the surrounding text carries the meaning. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-6 w-6"
    >
      {children}
    </svg>
  );
}

interface Category {
  name: string;
  description: string;
}

const CATEGORIES: readonly Category[] = [
  {
    name: "Laptops",
    description: "Everyday notebooks, thin-and-light ultrabooks, business machines and gaming laptops.",
  },
  {
    name: "Desktops",
    description: "Ready-to-use desktops and all-in-ones for home, office and creative work.",
  },
  {
    name: "Monitors",
    description: "Office displays, colour-accurate panels for creators and high-refresh gaming monitors.",
  },
  {
    name: "Components",
    description: "Processors, motherboards, graphics cards, memory, power supplies, cabinets and cooling.",
  },
  {
    name: "Peripherals",
    description: "Keyboards, mice, webcams, printers, networking gear and the cables that tie it together.",
  },
  {
    name: "Storage",
    description: "SSDs, hard drives, portable drives and memory cards for backups and fast boot times.",
  },
  {
    name: "Audio",
    description: "Headphones, headsets, earbuds and speakers for calls, music and gaming.",
  },
];

interface Value {
  title: string;
  description: string;
  icon: ReactNode;
}

const VALUES: readonly Value[] = [
  {
    title: "Genuine products, GST invoices",
    description:
      "We source from authorised distributors and brands. Every order ships with a proper GST invoice, so businesses can claim input tax credit and everyone has a clean proof of purchase for warranty.",
    icon: (
      <>
        <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />
        <path d="M9 12l2 2 4-4" />
      </>
    ),
  },
  {
    title: "Manufacturer warranty",
    description:
      "Products carry the full manufacturer warranty, honoured at the brand's authorised service centres. If you need to make a claim, our team will point you to the right place and help you through it.",
    icon: (
      <>
        <circle cx="12" cy="9" r="5" />
        <path d="M9 13.5 8 21l4-2 4 2-1-7.5" />
        <path d="M10 9l1.5 1.5L14 8" />
      </>
    ),
  },
  {
    title: "Pan-India delivery",
    description: `From our base in ${BRAND.address.city} we ship to serviceable pin codes across India, packed carefully for the journey and tracked from dispatch to your door.`,
    icon: (
      <>
        <path d="M2.5 6.5h11v9h-11z" />
        <path d="M13.5 9.5h4l3 3v3h-7" />
        <circle cx="6.5" cy="17.5" r="1.75" />
        <circle cx="17" cy="17.5" r="1.75" />
      </>
    ),
  },
  {
    title: "Expert advice",
    description:
      "Not sure which processor, graphics card or laptop suits your work and budget? Ask us. We would rather recommend the right machine than the most expensive one.",
    icon: (
      <>
        <path d="M4 5h16v11H9l-5 4V5z" />
        <path d="M8 9h8M8 12h5" />
      </>
    ),
  },
];

export default function About() {
  const highlights: readonly { value: string; label: string }[] = [
    { value: `Since ${BRAND.servingSince}`, label: `Serving customers from ${BRAND.address.city}` },
    { value: "Pan-India", label: "Delivery to serviceable pin codes" },
    { value: `${RETURN_WINDOW_DAYS}-day`, label: "Returns from the date of delivery" },
    { value: formatMoney(FREE_SHIPPING_FROM_PAISE), label: "Free shipping on orders of this value or more" },
  ];

  return (
    <div className="bg-white">
      {/* Hero */}
      <section className="border-b border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-pink-700">About us</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl lg:text-5xl">
              Computers, components and honest advice since {BRAND.servingSince}
            </h1>
            <p className="mt-6 text-lg leading-8 text-gray-600">
              {BRAND.name} is a computer store based in {BRAND.address.city}, {BRAND.address.state}. We help students,
              professionals, gamers and businesses across India buy the right technology, at fair prices, with the
              paperwork and after-sales support to back it up.
            </p>
          </div>
        </div>
      </section>

      {/* Story and mission */}
      <section aria-labelledby="story-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <h2 id="story-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
              Our story
            </h2>
            <div className="mt-6 space-y-4 text-base leading-7 text-gray-600">
              <p>
                {BRAND.name} opened in {BRAND.address.city} in {BRAND.servingSince} with a simple idea: buying a
                computer should not feel like a gamble. Customers came to us for a laptop or a graphics card and left
                with the right product, a genuine invoice and someone they could call if anything went wrong.
              </p>
              <p>
                Over the years we have configured machines for first-year engineering students, equipped small offices,
                upgraded creators' workstations and helped gamers plan their builds part by part. As more of our
                customers asked us to ship to friends, family and branch offices in other cities, we brought the same
                service online.
              </p>
              <p>
                Today our online store lets you order from anywhere in India, while the team behind it is still the
                same group of people who test, pack and stand behind every product we sell.
              </p>
            </div>
          </div>

          <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Our mission</h2>
            <p className="mt-6 text-base leading-7 text-gray-600">
              To make dependable technology easy to buy for everyone in India, with genuine products, transparent
              pricing and support that continues long after the delivery.
            </p>
            <ul className="mt-6 space-y-3 text-base leading-7 text-gray-600">
              {[
                "Recommend what fits your needs and budget, not what clears our shelves.",
                "Show GST clearly and invoice every order properly.",
                "Pack carefully, ship quickly and keep you informed.",
                "Stay reachable by phone and email when you need help.",
              ].map((item) => (
                <li key={item} className="flex gap-3">
                  <svg
                    aria-hidden="true"
                    focusable="false"
                    viewBox="0 0 20 20"
                    fill="currentColor"
                    className="mt-1 h-5 w-5 flex-none text-pink-600"
                  >
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
                      clipRule="evenodd"
                    />
                  </svg>
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      {/* Highlights */}
      <section aria-labelledby="highlights-heading" className="bg-gray-900">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="highlights-heading" className="sr-only">
            {BRAND.name} at a glance
          </h2>
          <dl className="grid grid-cols-1 gap-8 text-center min-[420px]:grid-cols-2 lg:grid-cols-4">
            {highlights.map((item) => (
              <div key={item.label} className="flex flex-col-reverse gap-2">
                <dt className="text-sm leading-6 text-gray-300">{item.label}</dt>
                <dd className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* What we sell */}
      <section aria-labelledby="range-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-3xl">
          <h2 id="range-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            What we sell
          </h2>
          <p className="mt-4 text-base leading-7 text-gray-600">
            Everything you need to buy, build or upgrade a computer, from leading brands, in one place.
          </p>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORIES.map((category) => (
            <li key={category.name} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-gray-900">{category.name}</h3>
              <p className="mt-2 text-sm leading-6 text-gray-600">{category.description}</p>
            </li>
          ))}
          <li className="flex rounded-xl border border-pink-200 bg-pink-50 p-6">
            <Link
              to="/products"
              className="m-auto inline-flex items-center gap-2 text-base font-semibold text-pink-700 hover:text-pink-800 hover:underline"
            >
              Browse all products
              <span aria-hidden="true">&rarr;</span>
            </Link>
          </li>
        </ul>
      </section>

      {/* Values */}
      <section aria-labelledby="values-heading" className="border-y border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="max-w-3xl">
            <h2 id="values-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
              What you can count on
            </h2>
            <p className="mt-4 text-base leading-7 text-gray-600">
              The promises behind every order, whether you are buying a mouse or a complete workstation.
            </p>
          </div>
          <div className="mt-10 grid gap-6 sm:grid-cols-2">
            {VALUES.map((value) => (
              <div key={value.title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
                <div className="flex h-12 w-12 items-center justify-center rounded-lg bg-pink-50 text-pink-600">
                  <Icon>{value.icon}</Icon>
                </div>
                <h3 className="mt-5 text-lg font-semibold text-gray-900">{value.title}</h3>
                <p className="mt-2 text-base leading-7 text-gray-600">{value.description}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      {/* The company, as India's e-commerce rules ask a marketplace to say */}
      <section aria-labelledby="company-heading" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 sm:pt-20 lg:px-8">
        <h2 id="company-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          The company
        </h2>
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
          <CompanyDetails />
          <p className="mt-4 text-sm text-gray-700">
            Complaints go to our Grievance Officer: see{" "}
            <Link to="/terms#grievance" className="font-medium text-pink-700 underline underline-offset-2 hover:text-pink-800">
              Terms &amp; Conditions
            </Link>
            .
          </p>
        </div>
      </section>

      {/* Call to action */}
      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="rounded-xl border border-gray-200 bg-white px-6 py-10 text-center shadow-sm sm:px-12 sm:py-14">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Ready to find your next machine?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-base leading-7 text-gray-600">
            Browse our range online, or tell us what you need and we will help you choose. You can also reach us on{" "}
            <a
              href={BRAND.phoneHref}
              className="whitespace-nowrap font-medium text-pink-600 underline underline-offset-2 hover:text-pink-700"
            >
              {BRAND.phone}
            </a>{" "}
            or{" "}
            <a
              href={`mailto:${BRAND.supportEmail}`}
              className="font-medium text-pink-600 underline underline-offset-2 hover:text-pink-700"
            >
              {BRAND.supportEmail}
            </a>
            .
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Link
              to="/products"
              className="inline-flex items-center justify-center rounded-lg bg-pink-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-pink-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pink-600"
            >
              Shop products
            </Link>
            <Link
              to="/contact"
              className="inline-flex items-center justify-center rounded-lg border border-gray-300 bg-white px-6 py-3 text-base font-semibold text-gray-900 shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pink-600"
            >
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
