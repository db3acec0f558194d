import type { ReactNode } from "react";
import { BRAND } from "~/config/brand";
import { EMAIL_REPLY_HOURS, SUPPORT_HOURS } from "~/modules/content/policies";

/** One entry of a policy page's table of contents. */
export interface PolicyTocEntry {
  /** The section's element id (deep-link target, e.g. /terms#payment). */
  id: string;
  title: string;
}

/** A policy section's content, kept next to its id and title so the table of contents stays in sync. */
export interface PolicySectionContent extends PolicyTocEntry {
  body: ReactNode;
}

export interface PolicyPageProps {
  /** The page's single h1. */
  title: string;
  /** Optional lead paragraph(s) shown in the header band under the title. */
  intro?: ReactNode;
  /** Optional table of contents, rendered as in-page links above the article. */
  toc?: readonly PolicyTocEntry[];
  /** The policy body: usually `PolicySection`s containing p / ul / ol / li / a content. */
  children: ReactNode;
}

/**
 * Prose styling for the policy body. No typography plugin is installed, so the
 * children's elements are styled through arbitrary variants.
 */
const proseClasses = [
  "text-base leading-7 text-gray-600",
  // Headings (kept clear of the fixed 64px header when deep-linked).
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-gray-900 sm:[&_h2]:text-2xl",
  "[&_h2:first-child]:mt-0",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900",
  "[&_p]:mt-4",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-gray-500",
  "[&_strong]:font-semibold [&_strong]:text-gray-900",
  "[&_a]:font-medium [&_a]:text-pink-600 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-pink-700",
  // Sections carry the deep-link ids; separate consecutive ones with a hairline.
  "[&_section]:scroll-mt-24",
  "[&_section+section]:mt-10 [&_section+section]:border-t [&_section+section]:border-gray-200 [&_section+section]:pt-10",
].join(" ");

/** Shared layout for the legal pages (privacy, terms, refund, shipping). */
export default function PolicyPage({ title, intro, toc, children }: PolicyPageProps) {
  return (
    <div className="bg-white">
      <header className="border-b border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-pink-700">{BRAND.name}</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
            <p className="mt-3 text-sm text-gray-600">Last updated: {BRAND.policyDate}</p>
            {intro ? (
              <div className="mt-6 space-y-4 text-base leading-7 text-gray-600 sm:text-lg sm:leading-8">{intro}</div>
            ) : null}
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="max-w-3xl">
          {toc && toc.length > 0 ? (
            <nav aria-label="On this page" className="mb-12 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold uppercase tracking-wide text-gray-900">On this page</p>
              <ol className="mt-4 grid list-decimal gap-x-8 gap-y-2 pl-5 text-sm text-gray-600 marker:text-gray-500 sm:grid-cols-2">
                {toc.map((entry) => (
                  <li key={entry.id} className="pl-1">
                    <a
                      href={`#${entry.id}`}
                      className="font-medium text-pink-600 underline-offset-2 hover:text-pink-700 hover:underline"
                    >
                      {entry.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}

          <article className={`break-words ${proseClasses}`}>{children}</article>
        </div>
      </div>
    </div>
  );
}

export { PolicyPage };

export interface PolicySectionProps {
  /** Element id used for deep links (e.g. /privacy#cookies). */
  id: string;
  /** Heading text, rendered as the section's h2. */
  title: string;
  children: ReactNode;
}

/** One linkable section of a policy: `<section id>` labelled by its h2. */
export function PolicySection({ id, title, children }: PolicySectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** Renders a list of sections in order (pair with `toc={sections}` on PolicyPage). */
export function PolicySections({ sections }: { sections: readonly PolicySectionContent[] }) {
  return (
    <>
      {sections.map((section) => (
        <PolicySection key={section.id} id={section.id} title={section.title}>
          {section.body}
        </PolicySection>
      ))}
    </>
  );
}

/**
 * The shop's postal address, email, phone and support hours, for the contact /
 * grievance sections of the policies. `recipient` prefixes the shop name
 * (e.g. "Grievance Officer").
 */
export function PolicyContactDetails({ recipient }: { recipient?: string }) {
  const { address } = BRAND;
  return (
    <div className="mt-6 grid gap-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6">
      <address className="not-italic">
        <span className="block font-semibold text-gray-900">
          {recipient ? `${recipient}, ${BRAND.name}` : BRAND.name}
        </span>
        <span className="block">{address.line1}</span>
        <span className="block">
          {address.city}, {address.state} {address.postalCode}
        </span>
        <span className="block">{address.country}</span>
        <span className="mt-3 block">
          Email: <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
        </span>
        <span className="block">
          Phone: <a href={BRAND.phoneHref}>{BRAND.phone}</a>
        </span>
      </address>
      <div>
        <div className="font-semibold text-gray-900">Support hours (IST)</div>
        <dl className="mt-1 space-y-1">
          {SUPPORT_HOURS.map((slot) => (
            <div key={slot.days} className="flex flex-wrap justify-between gap-x-4">
              <dt>{slot.days}</dt>
              <dd className="text-gray-900">{slot.hours}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 text-sm">We aim to reply to emails within {EMAIL_REPLY_HOURS} hours.</div>
      </div>
    </div>
  );
}
