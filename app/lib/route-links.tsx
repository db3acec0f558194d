import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink, type FormProps, type LinkProps, type NavLinkProps } from "react-router";

/**
 * React Router's Link, NavLink and Form, found on use rather than on render: the route manifest
 * reaches the browser lazily (react-router.config.ts), and a link or form React Router discovers
 * on render would ask for the routes it leads to after every page load, and render the whole page
 * again when they arrive (docs/decisions/028-less-hydration.md, "Fourth step"). Here the routes a
 * link or form leads to are asked for when the visitor shows they may use it (route-intent.ts) or,
 * at the latest, when they do. A `fetcher.Form` takes `discover="none"` as these do (the lint
 * asks for it).
 *
 * The app imports these, never React Router's own (eslint.config.js).
 */
export function Link(props: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  return <RouterNavLink discover="none" {...props} />;
}

export function Form(props: FormProps & { ref?: React.Ref<HTMLFormElement> }) {
  return <RouterForm discover="none" {...props} />;
}

declare module "react-router" {
  /** A fetcher's Form passes every prop to Form, `discover` too; React Router's type leaves it out. */
  interface FetcherFormProps {
    discover?: FormProps["discover"];
  }
}
