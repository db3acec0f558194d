import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of docs/architecture.md, top to bottom. A file may import from its own layer and the
 * ones below it, never from a layer above (import-x/no-restricted-paths), and no import circles
 * (import-x/no-cycle).
 */
const APP_ABOVE_MODULES = ["./app/routes", "./app/routes.ts", "./app/root.tsx", "./app/entry.server.tsx", "./app/components", "./app/seed"];
const FOUNDATION = ["./app/lib", "./app/config", "./app/db", "./app/hooks.ts"];
/**
 * The modules, lowest first; a module may import from its own tier and the ones below. Mail lays
 * out and sends what the domains above write (each domain owns its mail: returns/mail.ts, …), so
 * it sits low and knows none of them.
 */
export const MODULE_TIERS = [
  ["money", "gst", "addresses", "seo", "storage", "jobs"],
  ["mail"],
  ["identity", "content", "catalog", "delivery", "builds"],
  ["cart", "compare", "payments"],
  ["orders"],
  ["returns", "grievances", "reviews", "questions", "wishlist"],
  ["visitor"],
  ["settlements"],
  ["vendors", "admin"],
];
/**
 * The folders under `dir` that are in no tier: a module missing from MODULE_TIERS would be in no
 * lint zone at all, so the lint refuses to run until it has one (docs/architecture.md, "Adding a
 * module").
 */
export function foldersWithoutTier(dir, tiers = MODULE_TIERS) {
  const tiered = new Set(tiers.flat());
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !tiered.has(d.name))
    .map((d) => d.name)
    .sort();
}
const untiered = foldersWithoutTier(path.join(import.meta.dirname, "app/modules"));
if (untiered.length > 0) {
  throw new Error(`app/modules/${untiered.join(", app/modules/")}: in no tier of MODULE_TIERS (eslint.config.js). Add each to the tier it belongs to (docs/architecture.md, "Adding a module").`);
}
/**
 * Links and forms find their routes on use, not on render (app/lib/route-links.tsx): the app
 * imports Link, NavLink and Form from there, and a fetcher's Form says `discover="none"`.
 */
const ROUTER_LINK_IMPORTS = { name: "react-router", importNames: ["Link", "NavLink", "Form"], message: "Import Link, NavLink and Form from ~/lib/route-links (they find their routes on use)." };
const FETCHER_FORM_DISCOVERY = {
  selector: "JSXOpeningElement[name.type='JSXMemberExpression'][name.property.name='Form']:not(:has(JSXAttribute[name.name='discover']))",
  message: 'A fetcher\'s Form says discover="none", as the app\'s Link and Form do (app/lib/route-links.tsx).',
};
const modules = (names) => names.map((m) => `./app/modules/${m}`);
const moduleZones = MODULE_TIERS.flatMap((tier, i) => {
  const above = MODULE_TIERS.slice(i + 1).flat();
  if (above.length === 0) return [];
  return [{ target: modules(tier), from: modules(above), message: "A module imports only from its own tier and the ones below (docs/architecture.md)." }];
});

export default tseslint.config(
  { ignores: ["build/", "build-*/", "node_modules/", ".react-router/", "data/", "test-results/", "test-results-*/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Layers only look down, and modules do not import each other in circles (docs/architecture.md).
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            { target: "./sandbox", from: ["./app", "./server", "./scripts", "./tests"], message: "The sandbox stands in for an outside service: it knows nothing of the shop." },
            { target: "./app", from: ["./server", "./sandbox", "./scripts", "./tests"], message: "The app does not reach up into the server, the sandbox, scripts or tests; the server hands it its parts." },
            { target: FOUNDATION, from: [...APP_ABOVE_MODULES, "./app/modules", "./app/context.ts"], message: "lib, config and db are the bottom layer: they import nothing above them." },
            { target: ["./app/modules", "./app/context.ts"], from: APP_ABOVE_MODULES, message: "Modules hold the domain: they never import routes, components or seeds." },
            { target: "./app/components", from: ["./app/routes", "./app/routes.ts", "./app/root.tsx", "./app/entry.server.tsx", "./app/seed"], message: "Components are used by routes, never the other way round." },
            ...moduleZones,
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/route-links.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [ROUTER_LINK_IMPORTS] }],
      "no-restricted-syntax": ["error", FETCHER_FORM_DISCOVERY],
    },
  },
  {
    // A unit test beside its code may read the demo data (app/seed) to check its rules against it.
    files: ["**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // Route modules stay thin: no query building in app/routes (house style).
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: [ROUTER_LINK_IMPORTS, { name: "kysely", message: "Queries live in the modules' *.server.ts files." }] }],
    },
  },
  {
    // Routes route and the server serves: database access lives in the modules and app/db. The
    // composition root (server/shop.ts) opens the database and hands it on; it does not query.
    files: ["app/routes/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        FETCHER_FORM_DISCOVERY,
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|transaction|connection|prepare)$/]",
          message: "Database access lives in the modules' *.server.ts files (or app/db), not in routes or server/ (docs/architecture.md).",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']",
          message: "Raw SQL lives in the modules' *.server.ts files (or app/db), not in routes or server/ (docs/architecture.md).",
        },
      ],
    },
  },
);
