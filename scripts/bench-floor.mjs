// The floor `npm run bench` compares the shop with: a bare React renderToPipeableStream of a
// 24-product listing on plain node:http, one SQLite query per request, nothing else (no router,
// no middleware, no session). What React and SQLite themselves allow on this machine.
// Run as `NODE_ENV=production node scripts/bench-floor.mjs <shop.db> <port>` (the shop's build of
// React; `npm run bench` also measures the development build, the floor of figures before
// 2026-11-27); prints "listening" when ready.
import { DatabaseSync } from "node:sqlite";
import { createElement as h } from "react";
import { serveReact } from "./bench-react.mjs";

const [file, port] = process.argv.slice(2);
const db = new DatabaseSync(file, { readOnly: true });
const listing = db.prepare(
  "select id, name, price_paise, image_url, category, stock from products where status = 'active' and listed = 1 order by price_paise, id limit 24",
);
const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

function Page({ products }) {
  return h(
    "html",
    { lang: "en-IN" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "All Products | RC Computers")),
    h(
      "body",
      null,
      h("h1", null, "All Products"),
      h(
        "ul",
        null,
        products.map((p) =>
          h(
            "li",
            { key: p.id },
            h("a", { href: `/products/${p.id}` }, h("img", { src: p.image_url ?? "", alt: p.name, width: 300, height: 300 }), h("h2", null, p.name)),
            h("p", null, p.category),
            h("p", null, rupees.format(p.price_paise / 100)),
            h("p", null, p.stock > 0 ? "In Stock" : "Out of Stock"),
          ),
        ),
      ),
    ),
  );
}

serveReact(port, () => h(Page, { products: listing.all() }));
