import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/_shop.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx"),
    route("products/:id", "routes/product.tsx"),
    route("cart", "routes/cart.tsx"),
    route("services", "routes/services.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("refund", "routes/refund.tsx"),
    route("shipping", "routes/shipping.tsx"),
    route("not-found", "routes/not-found.tsx"),
    route("*", "routes/catch-all.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
