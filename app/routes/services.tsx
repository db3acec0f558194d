import type { ReactNode } from "react";
import { Link } from "~/lib/route-links";
import { BRAND } from "~/config/brand";
import { pageMeta } from "~/modules/seo/meta";
import { sharedPage } from "~/lib/http-policy";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta = () =>
  pageMeta({
    title: "Our Services",
    description: `Beyond hardware, ${BRAND.name} offers software development, website development, social media management and digital marketing for growing businesses.`,
  });

interface Service {
  id: string;
  title: string;
  description: string;
  points: readonly string[];
  icon: ReactNode;
}

const SERVICES: readonly Service[] = [
  {
    id: "software-development",
    title: "Software Development",
    description:
      "Custom software built around the way your business actually works, from billing and inventory tools to internal dashboards. We start by understanding your process, then design, build, test and support an application your team will find easy to use.",
    points: ["Business and inventory applications", "Dashboards and reporting", "Integrations and automation"],
    icon: (
      <>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M3 8h18" />
        <path d="M9.5 12 7.5 14l2 2" />
        <path d="M14.5 12l2 2-2 2" />
      </>
    ),
  },
  {
    id: "website-development",
    title: "Website Development",
    description:
      "Fast, mobile-friendly websites that represent your business well and are easy to find on search engines. Whether you need a company site, a catalogue or a full online store, we handle design, development, hosting setup and ongoing updates.",
    points: ["Business and portfolio websites", "E-commerce stores", "Maintenance, hosting and updates"],
    icon: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18" />
        <path d="M12 3c2.5 2.5 3.75 5.5 3.75 9S14.5 18.5 12 21c-2.5-2.5-3.75-5.5-3.75-9S9.5 5.5 12 3z" />
      </>
    ),
  },
  {
    id: "social-media-management",
    title: "Social Media Management",
    description:
      "Consistent, on-brand posting across the platforms your customers use, without taking up your day. We plan a content calendar, create posts and creatives, respond to your community and share simple monthly reports on what is working.",
    points: ["Content calendars and creatives", "Page setup and community replies", "Monthly performance reports"],
    icon: (
      <>
        <circle cx="6" cy="12" r="2.5" />
        <circle cx="18" cy="6" r="2.5" />
        <circle cx="18" cy="18" r="2.5" />
        <path d="M8.25 10.9l7.5-3.8" />
        <path d="M8.25 13.1l7.5 3.8" />
      </>
    ),
  },
  {
    id: "digital-marketing",
    title: "Digital Marketing",
    description:
      "Campaigns that bring the right visitors to your business and turn them into enquiries and sales. We combine search engine optimisation, search and social advertising and email marketing, with clear tracking so you can see the return on every rupee.",
    points: ["Search engine optimisation (SEO)", "Search and social ad campaigns", "Email marketing and analytics"],
    icon: (
      <>
        <path d="M3 3v18h18" />
        <path d="M7 15l4-4 3 3 6-6" />
        <path d="M15 8h5v5" />
      </>
    ),
  },
];

const STEPS: readonly { title: string; description: string }[] = [
  {
    title: "Tell us your goal",
    description: "Share what you want to achieve, your timeline and your budget. There is no obligation.",
  },
  {
    title: "Get a clear proposal",
    description: "We suggest an approach, the scope of work and a transparent quote with a GST invoice.",
  },
  {
    title: "We build and support",
    description: "We deliver in agreed stages, keep you updated and stay available after launch.",
  },
];

export default function Services() {
  return (
    <div className="bg-white">
      {/* Intro */}
      <section className="border-b border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-pink-700">Our services</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl lg:text-5xl">
              Technology services to help your business grow
            </h1>
            <p className="mt-6 text-lg leading-8 text-gray-600">
              Since {BRAND.servingSince}, businesses have trusted {BRAND.name} for the hardware that runs their work.
              We also help them with the software, websites and online presence that bring in customers, handled by
              one team that understands both.
            </p>
          </div>
        </div>
      </section>

      {/* Service cards */}
      <section aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <h2 id="services-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          What we can do for you
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {SERVICES.map((service) => (
            <li
              key={service.id}
              id={service.id}
              className="flex scroll-mt-24 flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8"
            >
              <div className="flex h-12 w-12 items-center justify-center rounded-lg bg-pink-50 text-pink-600">
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
                  {service.icon}
                </svg>
              </div>
              <h3 className="mt-5 text-xl font-semibold text-gray-900">{service.title}</h3>
              <p className="mt-3 text-base leading-7 text-gray-600">{service.description}</p>
              <ul className="mt-5 space-y-2 border-t border-gray-100 pt-5 text-sm text-gray-700">
                {service.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <svg
                      aria-hidden="true"
                      focusable="false"
                      viewBox="0 0 20 20"
                      fill="currentColor"
                      className="mt-0.5 h-4 w-4 flex-none text-pink-600"
                    >
                      <path
                        fillRule="evenodd"
                        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
                        clipRule="evenodd"
                      />
                    </svg>
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      {/* How it works */}
      <section aria-labelledby="process-heading" className="border-y border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <h2 id="process-heading" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            How we work
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-pink-600 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-gray-900">{step.title}</h3>
                <p className="mt-2 text-base leading-7 text-gray-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Call to action */}
      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="rounded-xl bg-gray-900 px-6 py-10 text-center shadow-sm sm:px-12 sm:py-14">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Have a project in mind?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-base leading-7 text-gray-300">
            Tell us about your business and what you would like to achieve. We will get back to you with ideas and a
            no-obligation quote.
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Link
              to="/contact"
              className="inline-flex items-center justify-center rounded-lg bg-pink-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-pink-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Contact us
            </Link>
            <a
              href={BRAND.phoneHref}
              className="inline-flex items-center justify-center rounded-lg border border-gray-600 px-6 py-3 text-base font-semibold text-white hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Call {BRAND.phone}
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}
