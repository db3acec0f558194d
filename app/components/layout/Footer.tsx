import { Link } from "~/lib/route-links";
import { BRAND } from "~/config/brand";
import type { LegalDetails } from "~/modules/content/legal";
import { Logo } from "./Logo";

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/build", label: "Build a PC" },
  { to: "/services", label: "Services" },
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact Us" },
];

const POLICY_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/refund", label: "Refund Policy" },
  { to: "/shipping", label: "Shipping Policy" },
  { to: "/ranking", label: "How we rank products" },
];

const SOCIAL = [
  { href: BRAND.social.facebook, label: "Facebook", icon: "icon-facebook" },
  { href: BRAND.social.instagram, label: "Instagram", icon: "icon-instagram" },
  { href: BRAND.social.twitter, label: "X (Twitter)", icon: "icon-x-social" },
  { href: BRAND.social.youtube, label: "YouTube", icon: "icon-youtube" },
];

/**
 * The legal details come from the shop layout's loader (content/legal.server.ts); an error page may lack them.
 * The icons are drawn by CSS before their link or line (`.icon-before` in app.css): no element of their own,
 * on every page (tests/support/page-budget.ts).
 */
export function Footer({ legal }: { legal?: LegalDetails | undefined }) {
  const { address } = BRAND;
  return (
    <footer className="bg-gray-950 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to="/" className="flex items-center gap-2">
            <Logo />
            <span className="text-lg font-extrabold text-white">{BRAND.name}</span>
          </Link>
          <p className="mt-4 text-sm leading-6 text-gray-400">
            Laptops, desktops, components and accessories with GST invoices and manufacturer warranty, delivered across India
            since {BRAND.servingSince}.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {SOCIAL.map(({ href, label, icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  rel="noopener noreferrer"
                  target="_blank"
                  className={`icon-before ${icon} flex h-9 w-9 items-center justify-center rounded-full bg-gray-800 text-gray-200 [--icon-size:18px] hover:bg-pink-600 hover:text-white`}
                />
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold uppercase tracking-wider text-white">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-pink-400">
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/vendor/register" className="font-semibold text-pink-400 hover:text-pink-300">
                Become a Vendor
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies" className="text-sm font-semibold uppercase tracking-wider text-white">
            Policies
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {POLICY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-pink-400">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact Us</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="icon-before icon-map-pin flex gap-3 [--icon-size:18px] [--icon-color:var(--color-pink-400)] before:mt-0.5">
              {address.line1}, {address.city}, {address.state} {address.postalCode}, {address.country}
            </p>
            <p className="icon-before icon-phone flex gap-3 [--icon-size:18px] [--icon-color:var(--color-pink-400)] before:mt-0.5">
              <a href={BRAND.phoneHref} className="hover:text-pink-400">
                {BRAND.phone}
              </a>
            </p>
            <p className="icon-before icon-mail flex gap-3 [--icon-size:18px] [--icon-color:var(--color-pink-400)] before:mt-0.5">
              <a href={`mailto:${BRAND.supportEmail}`} className="hover:text-pink-400">
                {BRAND.supportEmail}
              </a>
            </p>
          </address>
        </div>
      </div>
      {legal && <LegalLine legal={legal} />}
      <div className="border-t border-gray-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-gray-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {BRAND.name}. All rights reserved. Prices in Indian rupees (INR).
        </p>
      </div>
    </footer>
  );
}

/** The operator's legal details and grievance officer, as India's e-commerce rules ask (docs/product-rules.md). */
function LegalLine({ legal }: { legal: LegalDetails }) {
  const officer = legal.grievanceOfficer;
  return (
    <section aria-labelledby="footer-legal" className="border-t border-gray-800">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-xs leading-5 text-gray-400 sm:px-6 md:grid-cols-2 lg:px-8">
        <div>
          <h2 id="footer-legal" className="text-sm font-semibold text-white">
            {legal.legalName}
          </h2>
          <p className="mt-1">Registered office: {legal.registeredOffice}</p>
          <p>
            CIN: {legal.cin} · GSTIN: {legal.gstin}
          </p>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-white">Grievance Officer</h3>
          <p className="mt-1">
            {officer.name}, {officer.designation}
          </p>
          <p>
            <a href={`mailto:${officer.email}`} className="hover:text-pink-400">
              {officer.email}
            </a>{" "}
            ·{" "}
            <a href={`tel:${officer.phone.replace(/\s+/g, "")}`} className="hover:text-pink-400">
              {officer.phone}
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
