import { Link } from "~/lib/route-links";
import PolicyPage, {
  PolicyContactDetails,
  PolicySections,
  type PolicySectionContent,
} from "~/components/content/PolicyPage";
import { BRAND } from "~/config/brand";
import {
  DAMAGE_REPORT_HOURS,
  REFUND_CREDIT,
  REFUND_MAX_DAYS_TO_SHOW,
  REFUND_PROCESSING,
  RETURN_WINDOW_DAYS,
} from "~/modules/content/policies";
import { formatMoney } from "~/modules/money/money";
import { SHIPPING_FEE_PAISE } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import { sharedPage } from "~/lib/http-policy";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta = () =>
  pageMeta({
    title: "Refund Policy",
    description: `Returns accepted within ${RETURN_WINDOW_DAYS} days of delivery. How to request a return, report damaged items, and when ${BRAND.name} refunds reach your account.`,
  });

const SECTIONS: readonly PolicySectionContent[] = [
  {
    id: "return-window",
    title: "Return window",
    body: (
      <>
        <p>
          You can request a return <strong>within {RETURN_WINDOW_DAYS} days of delivery</strong> for eligible products,
          whether you have changed your mind or the product does not meet your expectations. The {`${RETURN_WINDOW_DAYS}-day`} period is
          counted from the date shown on the courier's proof of delivery.
        </p>
        <p>
          Products that arrive damaged, defective or different from what you ordered must be reported sooner; see{" "}
          <a href="#damaged-defective">Damaged, defective or wrong items</a>.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Conditions for a return",
    body: (
      <>
        <p>To be accepted, a returned product must:</p>
        <ul>
          <li>be unused, undamaged and in the same condition in which you received it;</li>
          <li>
            be in its original packaging, with all accessories, cables, manuals, warranty cards and any free items that
            came with it;
          </li>
          <li>have its serial number, IMEI or barcode labels intact and matching our records; and</li>
          <li>be accompanied by a copy of the GST invoice or the order number.</li>
        </ul>
        <p>
          Please remove any passwords, accounts or locks (such as a Microsoft, Apple or Google account, or a BIOS
          password) and back up your data before returning a device. We are not responsible for data left on returned
          products.
        </p>
      </>
    ),
  },
  {
    id: "non-returnable",
    title: "Non-returnable items",
    body: (
      <>
        <p>For hygiene, security and licensing reasons, the following cannot be returned unless they are defective:</p>
        <ul>
          <li>software, operating system licences, antivirus and other digital keys once the pack is opened or the key is revealed;</li>
          <li>in-ear earphones and headsets once the hygiene seal is opened;</li>
          <li>consumables such as ink, toner, thermal paste and cleaning kits once opened;</li>
          <li>
            components that have been installed, mounted or physically altered (for example, processors with bent pins,
            or graphics cards and coolers with removed or broken seals);
          </li>
          <li>custom-built PCs and configurations assembled to your specification; and</li>
          <li>products damaged through misuse, accident, liquid, power surges or unauthorised repair.</li>
        </ul>
        <p>
          These exclusions do not affect your right to a remedy for a product that is defective, damaged in transit or
          not as described.
        </p>
      </>
    ),
  },
  {
    id: "damaged-defective",
    title: "Damaged, defective or wrong items",
    body: (
      <>
        <p>
          If your order arrives damaged, is defective out of the box (dead on arrival), or is not the item you ordered,{" "}
          <strong>please report it within {DAMAGE_REPORT_HOURS} hours of delivery</strong>. Email{" "}
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> or call{" "}
          <a href={BRAND.phoneHref}>{BRAND.phone}</a> with:
        </p>
        <ul>
          <li>your order number;</li>
          <li>clear photos of the product, the outer box and the shipping label; and</li>
          <li>an unboxing video, if you have one, which greatly speeds up the claim.</li>
        </ul>
        <p>
          Once verified, we will arrange a free pickup and send you a replacement or, if a replacement is not available,
          a full refund including any shipping fee you paid. Defects that appear after {DAMAGE_REPORT_HOURS} hours are
          handled under the manufacturer's warranty; see{" "}
          <a href="#warranty">Defects covered by warranty</a>.
        </p>
      </>
    ),
  },
  {
    id: "how-to-return",
    title: "How to request a return",
    body: (
      <>
      <ol>
        <li>
          Email <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> within {RETURN_WINDOW_DAYS} days of
          delivery with your order number, the product you want to return and the reason.
        </li>
        <li>Our team will confirm whether the product is eligible and share the return instructions.</li>
        <li>
          Pack the product securely in its original packaging. Where pickup is available for your pin code, we will
          schedule it; otherwise we will share the address to ship it back to.
        </li>
        <li>
          When the product reaches us, we inspect it and email you the outcome, then process your refund or
          replacement.
        </li>
      </ol>
      <p>
        You can also start a return yourself: open the order in <Link to="/orders">Your Orders</Link> and choose{" "}
        <strong>Return or replace</strong> beside the delivered item. The order page then shows your request, its
        pickup and your refund at every step.
      </p>
      </>
    ),
  },
  {
    id: "inspection",
    title: "Inspection of returned products",
    body: (
      <p>
        Every returned product is checked against the conditions above. If it fails the inspection (for example, it is
        used, damaged, incomplete, or its serial number does not match), we will contact you and send it back to you. In
        that case no refund is issued, and we may charge the cost of shipping it back.
      </p>
    ),
  },
  {
    id: "refund-timeline",
    title: "Refund timeline",
    body: (
      <>
        <p>Once your return passes inspection, or your cancellation is confirmed:</p>
        <ul>
          <li>
            we <strong>process the refund within {REFUND_PROCESSING}</strong>;
          </li>
          <li>
            your bank or payment provider then usually <strong>credits it within {REFUND_CREDIT}</strong>; and
          </li>
          <li>
            in total, it may <strong>take up to {REFUND_MAX_DAYS_TO_SHOW} days</strong> for the refund to show in your
            account, depending on your bank.
          </li>
        </ul>
        <p>
          We email you when the refund is processed, with a reference number you can quote to your bank if it has not
          appeared after {REFUND_MAX_DAYS_TO_SHOW} days.
        </p>
      </>
    ),
  },
  {
    id: "refund-method",
    title: "How refunds are paid",
    body: (
      <ul>
        <li>
          <strong>Card payments</strong> are refunded to the same credit or debit card.
        </li>
        <li>
          <strong>UPI payments</strong> are refunded to the same UPI ID or linked bank account.
        </li>
        <li>
          <strong>Cash on delivery orders</strong> are refunded by bank transfer (NEFT/IMPS) or UPI to an account in
          your name, which we will ask you to confirm.
        </li>
      </ul>
    ),
  },
  {
    id: "cancellations",
    title: "Order cancellations",
    body: (
      <>
        <p>
          You can cancel an order free of charge before it is dispatched by emailing us with your order number. Prepaid
          orders cancelled before dispatch are refunded in full, following the refund timeline above.
        </p>
        <p>
          Once an order has been dispatched, it can no longer be cancelled; you may instead refuse the delivery or
          request a return within {RETURN_WINDOW_DAYS} days of delivery, under the conditions in this policy.
        </p>
      </>
    ),
  },
  {
    id: "shipping-charges",
    title: "Shipping charges on returns",
    body: (
      <ul>
        <li>
          If the return is due to our error (a damaged, defective or wrong item), we bear all shipping costs and refund
          any shipping fee you paid.
        </li>
        <li>
          For other returns, the original shipping fee of {formatMoney(SHIPPING_FEE_PAISE)}, if one was charged, is
          not refunded, and we will tell you before pickup whether a return shipping charge applies.
        </li>
      </ul>
    ),
  },
  {
    id: "warranty",
    title: "Defects covered by warranty",
    body: (
      <p>
        Defects that appear after the first {DAMAGE_REPORT_HOURS} hours, or once a product has been used, are covered by
        the manufacturer's warranty and are serviced by the brand's authorised service centres. Keep your GST invoice as proof of purchase. Contact us and we will help you
        find the nearest service centre and guide you through the claim. See also our{" "}
        <Link to="/terms#warranty">warranty terms</Link>.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Questions and grievances",
    body: (
      <>
        <p>
          For help with a return or refund, contact our support team. If you are not satisfied with the resolution, you
          can write to our Grievance Officer, as required under the Consumer Protection (E-Commerce) Rules, 2020, at the
          same address.
        </p>
        <PolicyContactDetails />
      </>
    ),
  },
];

export default function Refund() {
  return (
    <PolicyPage
      title="Refund Policy"
      toc={SECTIONS}
      intro={
        <p>
          We want you to be happy with every purchase from {BRAND.name}. If something is not right, this policy
          explains how returns, replacements, cancellations and refunds work.
        </p>
      }
    >
      <PolicySections sections={SECTIONS} />
    </PolicyPage>
  );
}
