import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

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

    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("profile", "routes/profile.tsx"),
    route("orders", "routes/orders.tsx"),
    route("orders/:number", "routes/order.tsx"),
    route("checkout", "routes/checkout.tsx"),

    ...prefix("vendor", [
      route("login", "routes/vendor/login.tsx"),
      route("register", "routes/vendor/register.tsx"),
      layout("routes/vendor/_portal.tsx", [
        route("dashboard", "routes/vendor/dashboard.tsx"),
        route("products", "routes/vendor/products.tsx"),
        route("orders", "routes/vendor/orders.tsx"),
      ]),
    ]),

    route("not-found", "routes/not-found.tsx"),
    route("*", "routes/catch-all.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/_layout.tsx", [
    index("routes/admin/dashboard.tsx", { id: "admin-index" }),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/:id", "routes/admin/users.$id.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("messages/:id", "routes/admin/messages.$id.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("payment-settings", "routes/admin/payment-settings.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
