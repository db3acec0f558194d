import type { Route } from "./+types/payment-settings";

export const meta: Route.MetaFunction = () => [{ title: "Payment Settings | Admin | RC Computers" }, { name: "robots", content: "noindex" }];

/** The admin panel issue fills this screen; the guard and frame are in place. */
export default function AdminPaymentSettings() {
  return <h1 className="text-2xl font-bold text-gray-900">Payment Settings</h1>;
}
