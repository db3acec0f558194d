import { TableHead } from "~/components/ui/ScrollTable";
import { Link } from "~/lib/route-links";
import PolicyPage, {
  PolicyContactDetails,
  PolicySections,
  type PolicySectionContent,
} from "~/components/content/PolicyPage";
import { BRAND } from "~/config/brand";
import {
  DAMAGE_REPORT_HOURS,
  DELIVERY_ELSEWHERE,
  DELIVERY_METRO,
  RETURN_WINDOW_DAYS,
} from "~/modules/content/policies";
import { PIN_DATA_ATTRIBUTION } from "~/modules/addresses/pin-codes";
import { formatMoney } from "~/modules/money/money";
import { FREE_SHIPPING_FROM_PAISE, GST_RATE_PERCENT, SHIPPING_FEE_PAISE } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import { sharedPage } from "~/lib/http-policy";

const FREE_SHIPPING = formatMoney(FREE_SHIPPING_FROM_PAISE);
const SHIPPING_FEE = formatMoney(SHIPPING_FEE_PAISE);

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta = () =>
  pageMeta({
    title: "Shipping Policy",
    description: `${BRAND.name} delivers across India in ${DELIVERY_METRO} to metro cities and ${DELIVERY_ELSEWHERE} elsewhere. Free shipping on orders of ${FREE_SHIPPING} or more.`,
  });

const SHIPPING_CHARGES: readonly { order: string; charge: string }[] = [
  { order: `Below ${FREE_SHIPPING}`, charge: SHIPPING_FEE },
  { order: `${FREE_SHIPPING} or more`, charge: "Free" },
];

const tableClasses = {
  wrapper: "mt-6 overflow-x-auto rounded-xl border border-gray-200 shadow-sm",
  table: "min-w-full divide-y divide-gray-200 text-left text-sm",
  th: "bg-gray-50 px-4 py-3 font-semibold text-gray-900 sm:px-6",
  td: "px-4 py-3 text-gray-600 sm:px-6",
  tdStrong: "px-4 py-3 font-semibold text-gray-900 sm:px-6",
} as const;

const SECTIONS: readonly PolicySectionContent[] = [
  {
    id: "coverage",
    title: "Where we deliver",
    body: (
      <>
        <p>
          We ship from {BRAND.address.city}, {BRAND.address.state} to serviceable pin codes across India through
          trusted courier partners. You can check whether we deliver to your pin code by entering it at checkout.
        </p>
        <p>
          We currently deliver only within India. If your pin code is not serviceable, we will let you know before you
          pay, or cancel and fully refund the order if it becomes unserviceable after it is placed.
        </p>
        <p className="text-sm">{PIN_DATA_ATTRIBUTION}</p>
      </>
    ),
  },
  {
    id: "processing",
    title: "Order processing",
    body: (
      <>
        <p>
          In-stock orders are checked, packed and handed to our courier partner as quickly as possible, on business days
          (Monday to Saturday, excluding public holidays). Orders placed on Sundays or public holidays are processed on
          the next business day.
        </p>
        <p>
          Cash-on-delivery orders may be confirmed by phone or email before dispatch. If a product is temporarily out of
          stock after you order, we will contact you with the expected date and the option to wait or cancel for a full
          refund.
        </p>
      </>
    ),
  },
  {
    id: "delivery-times",
    title: "Delivery times",
    body: (
      <>
        <p>Once your order is dispatched, delivery usually takes:</p>
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Estimated delivery times after dispatch</caption>
            <TableHead columns={["Destination", "Estimated delivery"]} className="" cellClassName={tableClasses.th} />
            <tbody className="divide-y divide-gray-200 bg-white">
              <tr>
                <th scope="row" className={tableClasses.tdStrong}>
                  Metro cities
                </th>
                <td className={tableClasses.td}>{DELIVERY_METRO}</td>
              </tr>
              <tr>
                <th scope="row" className={tableClasses.tdStrong}>
                  Rest of India
                </th>
                <td className={tableClasses.td}>{DELIVERY_ELSEWHERE}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Metro cities include Delhi NCR, Mumbai, Bengaluru, Chennai, Kolkata, Hyderabad, Pune and Ahmedabad. Deliveries
          to remote locations, including parts of the North-East, Jammu &amp; Kashmir, Ladakh, the Andaman &amp; Nicobar
          Islands and Lakshadweep, may take a few extra days.
        </p>
        <p>
          These are estimates, not guarantees. Business days exclude Sundays and public holidays. Large or heavy items,
          such as desktops and big monitors, may travel by surface and take slightly longer.
        </p>
      </>
    ),
  },
  {
    id: "shipping-charges",
    title: "Shipping charges",
    body: (
      <>
        <p>
          <strong>Shipping is free on orders of {FREE_SHIPPING} or more.</strong> Orders below {FREE_SHIPPING} carry a
          flat shipping fee of {SHIPPING_FEE}, shown at checkout before you pay.
        </p>
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Shipping charges by order value</caption>
            <TableHead columns={["Order value", "Shipping fee"]} className="" cellClassName={tableClasses.th} />
            <tbody className="divide-y divide-gray-200 bg-white">
              {SHIPPING_CHARGES.map((row) => (
                <tr key={row.order}>
                  <th scope="row" className={tableClasses.tdStrong}>
                    {row.order}
                  </th>
                  <td className={tableClasses.td}>{row.charge}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          GST at {GST_RATE_PERCENT}% is added at checkout and shown on your GST invoice. There are no hidden charges for
          delivery; the courier will never ask you for additional money, except the order amount on cash-on-delivery
          orders.
        </p>
      </>
    ),
  },
  {
    id: "cash-on-delivery",
    title: "Cash on delivery",
    body: (
      <p>
        Cash on delivery is available for eligible orders and serviceable pin codes, alongside card and UPI payments.
        Please keep the exact amount ready, as couriers may not carry change. Repeatedly refusing cash-on-delivery
        orders may lead us to withdraw the option for your account. See the{" "}
        <Link to="/terms#payment">payment terms</Link> for details.
      </p>
    ),
  },
  {
    id: "tracking",
    title: "Order tracking",
    body: (
      <p>
        When your order is dispatched, we email you the courier name and tracking number. You can follow your shipment
        on the courier's website and see the status of your order in your account. If tracking has not updated for a
        couple of days, contact us and we will follow up with the courier.
      </p>
    ),
  },
  {
    id: "receiving",
    title: "Receiving your order",
    body: (
      <>
        <ul>
          <li>
            Check that the outer packaging is sealed and undamaged before accepting the parcel. If it is visibly
            damaged, opened or tampered with, you may refuse the delivery or note the damage with the courier.
          </li>
          <li>
            We recommend recording an unboxing video, especially for laptops, graphics cards and other high-value items.
          </li>
          <li>
            <strong>
              Report any damaged, defective, missing or wrong item within {DAMAGE_REPORT_HOURS} hours of delivery
            </strong>{" "}
            with your order number and photos, so we can arrange a replacement or refund. See our{" "}
            <Link to="/refund#damaged-defective">Refund Policy</Link>.
          </li>
          <li>Your GST invoice is included in the package and is also sent to you by email.</li>
        </ul>
      </>
    ),
  },
  {
    id: "failed-delivery",
    title: "Failed or refused deliveries",
    body: (
      <>
        <p>
          Our courier partners usually make more than one delivery attempt and may call the phone number on the order.
          If delivery fails because the address is incorrect or incomplete, the recipient is unavailable, or the
          parcel is refused, the shipment is returned to us.
        </p>
        <p>
          For prepaid orders returned this way, we will contact you to reship the order (a shipping fee may apply) or
          refund it according to our <Link to="/refund#refund-timeline">Refund Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "address-changes",
    title: "Address changes",
    body: (
      <p>
        Please check your delivery address and phone number carefully at checkout. You can ask us to change the address
        only before the order is dispatched, by emailing us with your order number. After dispatch, the address cannot
        be changed, but you may refuse the parcel and place a new order.
      </p>
    ),
  },
  {
    id: "delays",
    title: "Delays beyond our control",
    body: (
      <p>
        Deliveries may occasionally be delayed by events outside our control, such as severe weather, natural disasters,
        strikes, local restrictions, festivals or courier network disruptions. We will keep you informed of any
        significant delay. If your order has not yet been dispatched, you may cancel it for a full refund; once it is
        delivered, you may return eligible products within {RETURN_WINDOW_DAYS} days of delivery under our{" "}
        <Link to="/refund">Refund Policy</Link>.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Questions about your delivery",
    body: (
      <>
        <p>
          For any question about shipping or the status of your order, contact our support team with your order number.
          Complaints can also be addressed to our Grievance Officer under the Consumer Protection (E-Commerce) Rules,
          2020, at the same address.
        </p>
        <PolicyContactDetails />
      </>
    ),
  },
];

export default function Shipping() {
  return (
    <PolicyPage
      title="Shipping Policy"
      toc={SECTIONS}
      intro={
        <p>
          {BRAND.name} delivers computers, components and accessories across India. Here is how we process, ship and
          deliver your order, and what it costs.
        </p>
      }
    >
      <PolicySections sections={SECTIONS} />
    </PolicyPage>
  );
}
