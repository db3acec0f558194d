import { Link } from "~/lib/route-links";
import PolicyPage, {
  PolicyContactDetails,
  PolicySections,
  type PolicySectionContent,
} from "~/components/content/PolicyPage";
import { GrievanceOfficerDetails } from "~/components/content/LegalDetails";
import { BRAND } from "~/config/brand";
import {
  DAMAGE_REPORT_HOURS,
  DELIVERY_ELSEWHERE,
  DELIVERY_METRO,
  RETURN_WINDOW_DAYS,
} from "~/modules/content/policies";
import { formatMoney } from "~/modules/money/money";
import { FREE_SHIPPING_FROM_PAISE, GST_RATE_PERCENT, SHIPPING_FEE_PAISE } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import { sharedPage } from "~/lib/http-policy";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta = () =>
  pageMeta({
    title: "Terms & Conditions",
    description: `The terms that apply when you use the ${BRAND.name} website and buy from us: accounts, pricing and GST, payments, delivery, returns, warranty and disputes.`,
  });

const SECTIONS: readonly PolicySectionContent[] = [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    body: (
      <>
        <p>
          These Terms &amp; Conditions ("Terms") govern your use of the {BRAND.name} website and every purchase you
          make from us. The website is operated by {BRAND.name}, {BRAND.address.line1}, {BRAND.address.city},{" "}
          {BRAND.address.state} {BRAND.address.postalCode}, {BRAND.address.country} ("we", "us", "our").
        </p>
        <p>
          By browsing the website, creating an account or placing an order, you agree to these Terms, our{" "}
          <Link to="/privacy">Privacy Policy</Link>, <Link to="/shipping">Shipping Policy</Link> and{" "}
          <Link to="/refund">Refund Policy</Link>. If you do not agree, please do not use the website.
        </p>
        <p>
          We may revise these Terms from time to time. The version published on this page, with its "Last updated"
          date, applies to orders placed from that date. Orders already placed are governed by the Terms in force when
          they were placed.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility and your account",
    body: (
      <>
        <p>
          You must be at least 18 years old and competent to enter into a contract under the Indian Contract Act, 1872
          to buy from us. If you are under 18, you may use the website only with the involvement of a parent or
          guardian.
        </p>
        <ul>
          <li>Provide accurate, current and complete information when registering and at checkout.</li>
          <li>
            Keep your password confidential. You are responsible for activity under your account; tell us immediately
            if you suspect unauthorised use.
          </li>
          <li>
            We may suspend or close accounts that provide false information, misuse offers, or breach these Terms.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "products-and-pricing",
    title: "Products, pricing and GST",
    body: (
      <>
        <p>
          We sell genuine, brand-new products sourced from manufacturers and their authorised distributors. We take
          care to describe products accurately, but specifications, images and packaging are provided by manufacturers
          and may change without notice. Minor differences in colour or appearance due to screens and photography are
          not defects.
        </p>
        <ul>
          <li>All prices are in Indian Rupees (₹).</li>
          <li>
            <strong>
              Goods and Services Tax (GST) at {GST_RATE_PERCENT}% is added to the product price at checkout
            </strong>{" "}
            and is shown separately on your order summary and on your GST invoice, so you always see the full amount
            before you pay.
          </li>
          <li>
            Every order is billed with a GST invoice. Businesses can enter their GSTIN at checkout to receive a B2B
            invoice and claim input tax credit as permitted by law.
          </li>
          <li>
            Shipping is free on orders of {formatMoney(FREE_SHIPPING_FROM_PAISE)} or more; a shipping fee of{" "}
            {formatMoney(SHIPPING_FEE_PAISE)} applies to smaller orders. See our{" "}
            <Link to="/shipping">Shipping Policy</Link>.
          </li>
          <li>
            Prices and availability may change at any time without notice, but the price confirmed at checkout is the
            price you pay for that order.
          </li>
        </ul>
        <p>
          If a product is listed at an obviously incorrect price or with incorrect details because of a typographical
          or technical error, we may cancel orders for that product. If you have already paid, we will refund the full
          amount.
        </p>
      </>
    ),
  },
  {
    id: "orders",
    title: "Orders and order acceptance",
    body: (
      <>
        <p>
          Placing an order is an offer to buy. You will receive an order confirmation by email, and the contract of
          sale is formed when we confirm and dispatch your order. We may decline or cancel an order, in full or in
          part, if:
        </p>
        <ul>
          <li>the product is out of stock or discontinued;</li>
          <li>there is a pricing or listing error;</li>
          <li>the delivery pin code is not serviceable;</li>
          <li>payment is not received or fails verification; or</li>
          <li>we suspect fraud, resale in bulk, or a breach of these Terms.</li>
        </ul>
        <p>
          If we cancel an order you have paid for, we refund the full amount to the original payment method. You may
          cancel an order yourself before it is dispatched; see our{" "}
          <Link to="/refund">Refund Policy</Link> for details.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment",
    body: (
      <>
        <p>We accept the following payment methods:</p>
        <ul>
          <li>
            <strong>Credit and debit cards</strong> (Visa, Mastercard, RuPay and others supported by our payment
            partner);
          </li>
          <li>
            <strong>UPI</strong>, using any UPI app; and
          </li>
          <li>
            <strong>Cash on delivery (COD)</strong>, for eligible orders and serviceable pin codes. Please keep the
            exact amount ready for the courier.
          </li>
        </ul>
        <p>
          Card and UPI payments are processed by secure third-party payment gateways regulated by the Reserve Bank of
          India. We do not store your card details or UPI PIN. Your bank may apply additional authentication. We are not
          responsible for charges levied by your bank or card issuer.
        </p>
        <p>
          We may withdraw the cash-on-delivery option for an order or an account, for example after repeated refused
          deliveries.
        </p>
      </>
    ),
  },
  {
    id: "shipping",
    title: "Shipping and delivery",
    body: (
      <>
        <p>
          We deliver across India to serviceable pin codes. Orders usually arrive within {DELIVERY_METRO} in metro
          cities and {DELIVERY_ELSEWHERE} elsewhere after dispatch. Delivery timelines are estimates and may be
          affected by events outside our control.
        </p>
        <p>
          Please inspect your package on delivery and report any damaged, defective or wrong item within{" "}
          {DAMAGE_REPORT_HOURS} hours of delivery. Full details are in our <Link to="/shipping">Shipping Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "returns",
    title: "Returns, refunds and cancellations",
    body: (
      <p>
        Eligible products may be returned within {RETURN_WINDOW_DAYS} days of delivery, subject to the conditions in
        our <Link to="/refund">Refund Policy</Link>, which forms part of these Terms. Nothing in these Terms limits
        your rights under the Consumer Protection Act, 2019 or the Consumer Protection (E-Commerce) Rules, 2020.
      </p>
    ),
  },
  {
    id: "warranty",
    title: "Warranty",
    body: (
      <>
        <p>
          Products are covered by the manufacturer's warranty, on the terms and for the period set by the manufacturer.
          Warranty service is provided by the brand or its authorised service centres. Please keep your GST invoice, as
          it is your proof of purchase for warranty claims.
        </p>
        <p>
          We are happy to guide you through a warranty claim, but we do not provide any additional warranty of our own
          beyond what the manufacturer offers and what the law requires. The warranty does not cover physical damage,
          liquid damage, unauthorised repair, or damage caused by misuse, power surges or incompatible parts.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Use of the website and intellectual property",
    body: (
      <>
        <p>When using our website, you agree not to:</p>
        <ul>
          <li>use it for any unlawful purpose or in breach of the Information Technology Act, 2000;</li>
          <li>attempt to gain unauthorised access to our systems or other users' accounts;</li>
          <li>scrape, copy or harvest content or data by automated means without our permission;</li>
          <li>post false reviews or content that is abusive, defamatory or infringes anyone's rights; or</li>
          <li>place fake orders or interfere with the normal working of the website.</li>
        </ul>
        <p>
          The {BRAND.name} name, logo, website design and original content belong to us. Product names, logos and
          images are the trademarks of their respective owners and are used only to identify their products. You may
          not reuse our content for commercial purposes without written permission.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          To the fullest extent permitted by law, {BRAND.name} is not liable for any indirect, incidental or
          consequential loss, including loss of data, profits or business, arising from the use of the website or of
          products bought from us. Please back up your data before sending any device for return, repair or
          replacement.
        </p>
        <p>
          Our total liability for any claim relating to an order is limited to the amount you paid for that order.
          Nothing in these Terms excludes or limits any liability that cannot be excluded under Indian law, including
          your rights as a consumer.
        </p>
        <p>
          We are not responsible for delays or failures caused by events beyond our reasonable control, such as natural
          disasters, epidemics, strikes, government action, or disruptions to courier, banking or internet services.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law and jurisdiction",
    body: (
      <>
        <p>
          These Terms are governed by the laws of India. Subject to your rights under the Consumer Protection Act, 2019
          (including the right to approach the appropriate Consumer Commission), any dispute arising from these Terms
          or your use of the website shall be subject to the exclusive jurisdiction of the courts at {BRAND.address.city}{" "}
          (Gautam Buddh Nagar), {BRAND.address.state}.
        </p>
        <p>
          Before starting formal proceedings, please contact us: most issues can be resolved quickly through our
          customer support or Grievance Officer.
        </p>
      </>
    ),
  },
  {
    id: "grievance",
    title: "Grievance Officer and contact",
    body: (
      <>
        <p>
          In accordance with the Consumer Protection (E-Commerce) Rules, 2020 and the Information Technology Act, 2000,
          complaints about orders, products, payments or the website can be sent to our Grievance Officer. We
          acknowledge every complaint within 48 hours and aim to resolve it within one month of receipt.
        </p>
        <GrievanceOfficerDetails />
        <p>You can also reach us at our customer support address:</p>
        <PolicyContactDetails recipient="Grievance Officer" />
      </>
    ),
  },
];

export default function Terms() {
  return (
    <PolicyPage
      title="Terms & Conditions"
      toc={SECTIONS}
      intro={
        <p>
          Please read these terms carefully before using our website or placing an order. They explain your rights and
          obligations, and ours, when you shop with {BRAND.name}.
        </p>
      }
    >
      <PolicySections sections={SECTIONS} />
    </PolicyPage>
  );
}
