import { Link } from "~/lib/route-links";
import PolicyPage, {
  PolicyContactDetails,
  PolicySections,
  type PolicySectionContent,
} from "~/components/content/PolicyPage";
import { BRAND } from "~/config/brand";
import { EMAIL_REPLY_HOURS } from "~/modules/content/policies";
import { pageMeta } from "~/modules/seo/meta";
import { sharedPage } from "~/lib/http-policy";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta = () =>
  pageMeta({
    title: "Privacy Policy",
    description: `How ${BRAND.name} collects, uses and protects your personal data, the cookies we use, and your rights under India's Digital Personal Data Protection Act.`,
  });

const SECTIONS: readonly PolicySectionContent[] = [
  {
    id: "scope",
    title: "Scope of this policy",
    body: (
      <>
        <p>
          This Privacy Policy explains how {BRAND.name} ("we", "us", "our") collects, uses, stores, shares and
          protects personal data when you visit our website, create an account, place an order, or contact us. It
          applies to all personal data we process in connection with our online store and our customer support.
        </p>
        <p>
          We process personal data in accordance with the Information Technology Act, 2000 and the rules made under
          it, and the Digital Personal Data Protection Act, 2023 ("DPDP Act"). For the purposes of the DPDP Act,{" "}
          {BRAND.name} is the Data Fiduciary for the personal data described in this policy.
        </p>
        <p>
          By using our website or providing your personal data to us, you acknowledge that you have read this policy.
          It should be read together with our <Link to="/terms">Terms &amp; Conditions</Link>.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect only the personal data we need to run our store and serve you:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your name, email address, mobile number and password when you
            create an account. Passwords are stored only in a securely hashed form; we can never see them.
          </li>
          <li>
            <strong>Addresses:</strong> the shipping and billing addresses you save or enter at checkout, including
            pin code, landmark and contact number for delivery, and your GSTIN if you ask for a business invoice.
          </li>
          <li>
            <strong>Order information:</strong> the products you buy, order amounts, the payment method chosen, invoice
            details, delivery status, and any return, refund or warranty requests.
          </li>
          <li>
            <strong>Contact messages:</strong> the name, email address, phone number and message you send us through
            our contact form, by email or by phone, and our replies.
          </li>
          <li>
            <strong>Technical information:</strong> limited data sent automatically by your browser, such as IP
            address, browser type, device type and the pages requested, recorded in server logs for security and
            troubleshooting.
          </li>
        </ul>
        <p>
          <strong>Payment details:</strong> card and UPI payments are handled by our payment partners, who are
          regulated by the Reserve Bank of India. We do not receive or store your full card number, CVV, UPI PIN or
          net-banking credentials. We only receive confirmation of the payment and limited reference details.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use your information",
    body: (
      <>
        <p>We use your personal data to:</p>
        <ul>
          <li>create and manage your account and keep you signed in;</li>
          <li>process, pack, ship and deliver your orders, and keep you updated on their status;</li>
          <li>issue GST invoices and maintain the accounting and tax records required by law;</li>
          <li>handle cancellations, returns, refunds and warranty support;</li>
          <li>reply to your questions, complaints and feedback;</li>
          <li>prevent fraud, misuse of our website and unauthorised access to accounts; and</li>
          <li>comply with legal obligations and lawful requests from government authorities.</li>
        </ul>
        <p>
          We will send you promotional emails or messages only if you have opted in, and you can unsubscribe at any
          time using the link in the message or by writing to us. Service messages about your orders are not
          promotional and will still be sent.
        </p>
      </>
    ),
  },
  {
    id: "consent",
    title: "Consent and legal basis",
    body: (
      <>
        <p>
          We process your personal data on the basis of the consent you give when you create an account, place an
          order or send us a message, and for the legitimate uses permitted under the DPDP Act, such as fulfilling a
          purchase you have requested or complying with a legal obligation.
        </p>
        <p>
          You may withdraw your consent at any time by contacting us (see{" "}
          <a href="#grievance-officer">Grievance Officer and contact</a>). Withdrawing consent does not affect
          processing already carried out, and we may need to keep certain records where the law requires it. If you
          withdraw consent that is needed to fulfil an order, we may be unable to complete that order.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <>
        <p>We keep our use of browser storage to the minimum needed for the store to work:</p>
        <ul>
          <li>
            <strong>Session cookie:</strong> when you sign in, we set a secure session cookie so that you stay signed in
            as you move between pages. It is strictly necessary for your account to work and is removed when you sign
            out or when it expires.
          </li>
          <li>
            <strong>Cart in local storage:</strong> the contents of your shopping cart are kept in your browser's local
            storage on your own device, so your cart is still there when you come back. This information stays in your
            browser and is sent to us only when you place an order.
          </li>
        </ul>
        <p>
          We do not use advertising cookies and we do not sell or share browsing data with advertisers. You can clear
          cookies and local storage at any time from your browser settings; doing so will sign you out and empty your
          cart.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "How we share information",
    body: (
      <>
        <p>
          <strong>We do not sell, rent or trade your personal data.</strong> We share it only with the following, and
          only to the extent needed for the purpose:
        </p>
        <ul>
          <li>
            <strong>Courier and logistics partners</strong>, who receive your name, delivery address and phone number
            to deliver your order;
          </li>
          <li>
            <strong>Payment gateways and banks</strong>, to process payments and refunds;
          </li>
          <li>
            <strong>Technology service providers</strong>, such as hosting and email providers, who process data on our
            behalf under confidentiality obligations;
          </li>
          <li>
            <strong>Manufacturers and authorised service centres</strong>, when you ask us to help with a warranty
            claim; and
          </li>
          <li>
            <strong>Government and law-enforcement authorities</strong>, when required by law, court order or for the
            purpose of preventing or investigating fraud or other offences.
          </li>
        </ul>
        <p>
          If our business is reorganised, merged or sold, personal data may be transferred to the successor, who will
          remain bound by the commitments in this policy.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Data security",
    body: (
      <>
        <p>
          We use reasonable security practices and procedures, as required by the Information Technology Act, 2000,
          to protect your personal data. These include encrypted (HTTPS) connections, hashed passwords, restricted
          access to customer data on a need-to-know basis, and regular review of our systems.
        </p>
        <p>
          No method of transmission or storage is completely secure. If a personal data breach occurs, we will act
          promptly to contain it and will notify affected users and the relevant authorities as required by law.
          Please keep your password confidential and let us know immediately if you suspect that your account has been
          misused.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "Data retention",
    body: (
      <>
        <p>
          We keep your account information for as long as your account is active. Order records and GST invoices are
          retained for the period required under the Goods and Services Tax laws and other applicable laws, even if
          you close your account. Contact messages are kept for as long as needed to resolve your query and handle any
          follow-up.
        </p>
        <p>
          When personal data is no longer needed for these purposes, or you withdraw consent and no legal obligation
          requires us to keep it, we delete or anonymise it.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Subject to applicable law, including the DPDP Act, you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong> a summary of the personal data we hold about you and how we process it;
          </li>
          <li>
            <strong>Correct</strong> inaccurate or incomplete data and update it when it changes. You can edit most of
            your account details and saved addresses yourself from your account;
          </li>
          <li>
            <strong>Erase</strong> your personal data and close your account, except where we must keep records by law
            (for example, invoices);
          </li>
          <li>
            <strong>Withdraw consent</strong> you have previously given;
          </li>
          <li>
            <strong>Nominate</strong> another person to exercise these rights on your behalf in the event of death or
            incapacity; and
          </li>
          <li>
            <strong>Grievance redressal</strong>, by raising a complaint with our Grievance Officer and, if you are not
            satisfied, with the Data Protection Board of India.
          </li>
        </ul>
        <p>
          To exercise any of these rights, email us at{" "}
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> from the email address registered with your
          account. We aim to acknowledge requests within {EMAIL_REPLY_HOURS} hours and may ask you to verify your
          identity before acting on them.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children's privacy",
    body: (
      <p>
        Our website is intended for users who are 18 years of age or older. We do not knowingly collect personal data
        from children without verifiable consent from a parent or lawful guardian. If you believe a child has provided
        us with personal data without such consent, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this Privacy Policy from time to time to reflect changes in our practices or in the law. The
        "Last updated" date at the top of this page shows when it was last revised. Where changes are significant, we
        will notify registered users by email or through a notice on our website.
      </p>
    ),
  },
  {
    id: "grievance-officer",
    title: "Grievance Officer and contact",
    body: (
      <>
        <p>
          In accordance with the Information Technology Act, 2000, the Digital Personal Data Protection Act, 2023 and
          the Consumer Protection (E-Commerce) Rules, 2020, questions, requests or complaints about your personal data
          can be sent to our Grievance Officer. We acknowledge complaints within 48 hours and aim to resolve them within
          one month of receipt.
        </p>
        <PolicyContactDetails recipient="Grievance Officer" />
      </>
    ),
  },
];

export default function Privacy() {
  return (
    <PolicyPage
      title="Privacy Policy"
      toc={SECTIONS}
      intro={
        <p>
          Your privacy matters to us. This policy describes what personal data {BRAND.name} collects, why we collect
          it, who we share it with and the choices and rights you have.
        </p>
      }
    >
      <PolicySections sections={SECTIONS} />
    </PolicyPage>
  );
}
