import { matchRoutes, type ServerBuild } from "react-router";
import { isSharedPage, type RouteHandle } from "~/lib/http-policy";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** A route of the build as the server matches it: where it matches, and its module (its `headers`, its `handle`). */
export interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
  module: RouteModule;
}

/** The build's routes as a tree React Router can match. */
export function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [], module: route.module });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** One tree per build: in development the build is a function whose answer changes with each edit. */
export function routeTreeOf(build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>)): () => Promise<RouteNode[]> {
  const trees = new WeakMap<ServerBuild, RouteNode[]>();
  return async () => {
    const current = typeof build === "function" ? await build() : build;
    let tree = trees.get(current);
    if (!tree) trees.set(current, (tree = routeTree(current.routes)));
    return tree;
  };
}

/** The routes that answer `pathname`, a page or its `.data` twin (`/_root.data` is `/`), outermost first. */
export function routesFor(tree: RouteNode[], pathname: string): RouteNode[] {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return (matchRoutes(tree as unknown as Parameters<typeof matchRoutes>[0], page) ?? []).map((match) => match.route as unknown as RouteNode);
}

/** The handle of the deepest route answering `pathname` that declares `key`, if any. */
export function deepestHandle<K extends keyof RouteHandle>(tree: RouteNode[], pathname: string, key: K): RouteHandle[K] | undefined {
  const routes = routesFor(tree, pathname);
  for (let i = routes.length - 1; i >= 0; i--) {
    const value = (routes[i]!.module.handle as RouteHandle | undefined)?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Whether `pathname` is a page every visitor shares (or its data): its own route declares
 * `headers = sharedPage()` (app/lib/http-policy.ts). Decided by the route, before rendering, so
 * that the visitor's cookies never reach it (server/request-handler.ts).
 */
export function isSharedPath(tree: RouteNode[], pathname: string): boolean {
  const leaf = routesFor(tree, pathname).at(-1);
  return leaf !== undefined && isSharedPage(leaf.module);
}

/**
 * `isSharedPath`, remembered for the last `size` addresses of one tree. React Router's
 * `matchRoutes` flattens and ranks every route on each call: 788 µs over the shop's 90 routes
 * (measured 2026-11-29), about half of what serving a stored page costs in `npm run bench`.
 */
export function sharedPathMemo(size = 5_000): (tree: RouteNode[], pathname: string) => boolean {
  let forTree: RouteNode[] | null = null;
  const known = new Map<string, boolean>();
  return (tree, pathname) => {
    if (tree !== forTree) {
      forTree = tree;
      known.clear();
    }
    let shared = known.get(pathname);
    if (shared === undefined) {
      shared = isSharedPath(tree, pathname);
      if (known.size >= size) known.delete(known.keys().next().value!);
      known.set(pathname, shared);
    }
    return shared;
  };
}
