import { memo, useEffect, useRef, useState, type RefObject } from "react";
import { useLocation } from "react-router";
import { Form } from "~/lib/route-links";
import { BRAND } from "~/config/brand";
import { cartBadgeText } from "~/modules/cart/cart";
import { menuLinksFor, type SessionUser } from "~/modules/identity/roles";
import { useVisitor } from "~/modules/visitor/visitor";
import { buttonClass } from "~/components/ui/Button";
import { CartIcon, CloseIcon, MenuIcon } from "~/components/ui/icons";
import { Logo } from "./Logo";

/** The header turns white with a shadow once the page is scrolled more than 10 px. */
export const HEADER_SCROLL_THRESHOLD = 10;

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/products", label: "Products", end: false },
  { to: "/services", label: "Services", end: false },
];

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}

/**
 * Closes a <details> when `key` changes: after a navigation, or a sign-in or out. Not on the first
 * render: a menu opened before JavaScript loaded stays open through hydration rather than snapping
 * shut under the pointer.
 */
/**
 * Closes the menu when `key` changes. An `undefined` key is not known yet: learning it is no change,
 * so a menu opened before a shared page learns who is here stays open when the answer comes.
 */
function useCloseOnChange(ref: RefObject<HTMLDetailsElement | null>, key: string | undefined): void {
  const seen = useRef(key);
  useEffect(() => {
    if (key === undefined || seen.current === key) return;
    const learnt = seen.current === undefined;
    seen.current = key;
    if (!learnt && ref.current) ref.current.open = false;
  }, [ref, key]);
}

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}

/** The account menu: name and email, the role's links, and Logout (which returns to /). */
function UserMenu({ user }: { user: SessionUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useCloseOnChange(ref, location.pathname + location.search);
  return (
    <details ref={ref} className="relative hidden md:block">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-semibold text-gray-800 hover:bg-pink-50 focus-visible:outline-2 focus-visible:outline-pink-600 [&::-webkit-details-marker]:hidden"
        aria-label={`${user.name}: account menu`}
      >
        {/* The initial is drawn by CSS: as text it would come before the name among the visible words (WCAG 2.5.3). */}
        <span
          aria-hidden="true"
          data-initial={user.name.charAt(0).toUpperCase()}
          className="flex h-8 w-8 items-center justify-center rounded-full bg-pink-600 text-sm font-bold text-white before:content-[attr(data-initial)]"
        />
        <span className="max-w-32 truncate">{user.name}</span>
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-xl border border-gray-200 bg-white py-2 shadow-lg">
        <div className="border-b border-gray-100 px-4 pb-3 pt-1">
          <p className="truncate text-sm font-semibold text-gray-900">{user.name}</p>
          <p className="truncate text-sm text-gray-600">{user.email}</p>
        </div>
        <ul className="py-1">
          {menuLinksFor(user.role).map((l) => (
            <li key={l.to}>
              <a href={l.to} className="block px-4 py-2 text-sm text-gray-800 hover:bg-gray-50 hover:text-pink-700">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="border-t border-gray-100 pt-1">
          <LogoutButton className="block w-full px-4 py-2 text-left text-sm font-semibold text-gray-800 hover:bg-gray-50 hover:text-pink-700" />
        </div>
      </div>
    </details>
  );
}

/**
 * Without JavaScript, on a shared page nobody knows who is visiting: these links reach the
 * account and its orders whoever it is (signed out, /profile and /orders ask to sign in first);
 * the phone menu adds the ways in. With JavaScript they are never shown.
 */
function NoScriptAccountLinks({ className, waysIn = false }: { className: string; waysIn?: boolean }) {
  const links = [
    { href: "/profile", label: "Account" },
    { href: "/orders", label: "Orders" },
    ...(waysIn
      ? [
          { href: "/login", label: "Login" },
          { href: "/register", label: "Register" },
          { href: "/vendor/login", label: "Vendor Login" },
        ]
      : []),
  ];
  return (
    <noscript>
      {links.map((l) => (
        <a key={l.href} href={l.href} className={className}>
          {l.label}
        </a>
      ))}
    </noscript>
  );
}

const NAV_CLASS = {
  desktop: (active: boolean) => `text-sm font-semibold transition-colors hover:text-pink-700 ${active ? "text-pink-700" : "text-gray-700"}`,
  mobile: (active: boolean) => `block rounded-md px-3 py-3 text-base font-semibold ${active ? "bg-pink-50 text-pink-700" : "text-gray-800 hover:bg-gray-50"}`,
};

/** Whether `pathname` is within a nav item, as a NavLink says it (`end`: that address only; letter case aside). */
function isActive(item: (typeof NAV)[number], pathname: string): boolean {
  const here = pathname.toLowerCase();
  return here === item.to || (!item.end && here.startsWith(`${item.to}/`));
}

/**
 * The spec's three links as list items, the current one marked as a NavLink marks it. Memoised, as
 * HomeLink is: the header renders again when the visitor's answer comes, and these need not.
 */
const NavItems = memo(function NavItems({ variant, pathname }: { variant: keyof typeof NAV_CLASS; pathname: string }) {
  return NAV.map((item) => {
    const active = isActive(item, pathname);
    return (
      <li key={item.to}>
        <a href={item.to} className={NAV_CLASS[variant](active)} aria-current={active ? "page" : undefined}>
          {item.label}
        </a>
      </li>
    );
  });
});

const HomeLink = memo(function HomeLink() {
  return (
    <a href="/" className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-pink-600" aria-label={`${BRAND.name} home`}>
      <Logo />
      <span className="whitespace-nowrap text-base font-extrabold tracking-tight text-gray-900 sm:text-lg">{BRAND.name}</span>
    </a>
  );
});

/**
 * The fixed header. Who is signed in and the cart's count are the visitor's
 * (app/modules/visitor/visitor.ts): a private page knows them as it renders; a shared page's HTML is
 * the same for everyone and shows neither, until GET /visitor answers after load. Until then the
 * account's place is kept empty at its full width, so that neither "Login" flashes for a
 * signed-in visitor nor anything moves when the answer comes (docs/decisions/027-one-page-for-everyone.md).
 *
 * Its links are plain anchors that the page's one listener moves within the shop (`data-in-shop-links`,
 * useInShopLinks): the header is on every page, and a Link component per link was a tenth of a
 * page's script at load.
 */
export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const location = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const visitor = useVisitor();
  // undefined: not known (yet); null: signed out.
  const user = visitor.loaded ? visitor.value.user : undefined;
  const totalItems = visitor.value.cart.totalItems;

  // The mobile menu is a <details> so it opens before JavaScript loads; once loaded, it closes on
  // navigation and when the user signs in or out (not when a shared page first learns who is here).
  useCloseOnChange(menuRef, `${location.pathname}${location.search}`);
  useCloseOnChange(menuRef, user === undefined ? undefined : (user?.id ?? ""));

  // Sign-in returns to the page the visitor was on.
  const here = location.pathname + location.search;
  const noReturn = here === "/" || /^\/(login|register|forgot-password|reset-password|vendor\/(login|register))/.test(location.pathname);
  const loginHref = noReturn ? "/login" : `/login?redirectTo=${encodeURIComponent(here)}`;

  const cartLabel = totalItems === 1 ? "Cart, 1 item" : `Cart, ${totalItems} items`;

  return (
    <header
      data-in-shop-links
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 has-[details[open]]:bg-white ${
        scrolled ? "bg-white shadow-md" : "bg-transparent"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <HomeLink />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-8">
            <NavItems variant="desktop" pathname={location.pathname} />
          </ul>
        </nav>

        <div className="flex items-center gap-2 sm:gap-3">
          <a
            href="/cart"
            aria-label={cartLabel}
            className="relative rounded-full p-2 text-gray-800 hover:bg-pink-50 hover:text-pink-700 focus-visible:outline-2 focus-visible:outline-pink-600"
          >
            <CartIcon />
            {totalItems > 0 && (
              <span
                data-testid="cart-badge"
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-pink-600 px-1 text-[11px] font-bold leading-none text-white"
              >
                {cartBadgeText(totalItems)}
              </span>
            )}
          </a>
          {/* The account's place, as wide as its widest content, whatever is known. */}
          <div data-testid="account-slot" className="hidden w-48 justify-end md:flex">
            {user ? (
              <UserMenu user={user} />
            ) : user === null ? (
              <a href={loginHref} className={buttonClass("pink", "sm")}>
                Login
              </a>
            ) : (
              <NoScriptAccountLinks className="rounded-md px-2 py-1.5 text-sm font-semibold text-gray-800 hover:bg-pink-50 hover:text-pink-700" />
            )}
          </div>

          <details ref={menuRef} className="group md:hidden">
            <summary
              className="list-none rounded-md p-2 text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-pink-600 [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <MenuIcon className="group-open:hidden" />
              <CloseIcon className="hidden group-open:block" />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-16 border-t border-gray-100 bg-white px-4 pb-6 pt-2 shadow-lg"
            >
              <ul className="flex flex-col">
                <NavItems variant="mobile" pathname={location.pathname} />
                {user ? (
                  <>
                    <li className="mt-2 border-t border-gray-100 px-3 pb-1 pt-3">
                      <p className="truncate text-sm font-semibold text-gray-900">{user.name}</p>
                      <p className="truncate text-sm text-gray-600">{user.email}</p>
                    </li>
                    {menuLinksFor(user.role).map((l) => (
                      <li key={l.to}>
                        <a href={l.to} className="block rounded-md px-3 py-3 text-base font-semibold text-gray-800 hover:bg-gray-50">
                          {l.label}
                        </a>
                      </li>
                    ))}
                    <li>
                      <LogoutButton className="block w-full rounded-md px-3 py-3 text-left text-base font-semibold text-gray-800 hover:bg-gray-50" />
                    </li>
                  </>
                ) : user === undefined ? (
                  <li className="mt-2 border-t border-gray-100 pt-2">
                    <NoScriptAccountLinks waysIn className="block rounded-md px-3 py-3 text-base font-semibold text-gray-800 hover:bg-gray-50" />
                  </li>
                ) : (
                  <>
                    <li className="mt-2 border-t border-gray-100 pt-2">
                      <a href={loginHref} className="block rounded-md px-3 py-3 text-base font-semibold text-gray-800 hover:bg-gray-50">
                        Login
                      </a>
                    </li>
                    <li>
                      <a href="/register" className="block rounded-md px-3 py-3 text-base font-semibold text-gray-800 hover:bg-gray-50">
                        Register
                      </a>
                    </li>
                    <li>
                      <a href="/vendor/login" className="block rounded-md px-3 py-3 text-base font-semibold text-gray-800 hover:bg-gray-50">
                        Vendor Login
                      </a>
                    </li>
                  </>
                )}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
