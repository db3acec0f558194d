import { useEffect, useRef, useState } from "react";
import { data, redirect, useActionData, useFetcher, useSearchParams } from "react-router";
import { Link } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "~/components/ui/icons";
import { BRAND } from "~/config/brand";
import { storeOf } from "~/context";
import { formFailure, issueErrors, type FormReply } from "~/lib/form";
import { useFormReply } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { CONTACT_SUBJECTS, CONTACT_SUCCESS_MESSAGE, CONTACT_SUCCESS_MS } from "~/modules/content/contact";
import { contactSchema } from "~/modules/content/contact.schema";
import { saveContactMessage } from "~/modules/content/contact.server";
import { EMAIL_REPLY_HOURS, SUPPORT_HOURS } from "~/modules/content/policies";
import { GRIEVANCE_PROMISE } from "~/modules/grievances/rules";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/contact";
import { sharedPage } from "~/lib/http-policy";

/** The same page for every visitor without a cookie: the shop, a proxy or a CDN may share it (docs/decisions/020-cacheable-pages.md). */
export const headers = sharedPage();

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact Us",
    description: `Questions about a product or an order? Contact ${BRAND.name} by phone, email or the contact form. We reply within ${EMAIL_REPLY_HOURS} hours.`,
  });

type ActionData = FormReply;

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) return data<ActionData>(formFailure(values, issueErrors(parsed.error.issues)), { status: 400 });
  await saveContactMessage(storeOf(context), parsed.data);
  if (values.redirectTo) throw redirect("/contact?sent=1");
  return data<ActionData>({ status: "success", message: CONTACT_SUCCESS_MESSAGE });
}

function ContactForm() {
  const fetcher = useFetcher<ActionData>();
  // A plain post (no JavaScript yet) comes back as the page's own action data.
  const pageResult = useActionData<ActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [params] = useSearchParams();
  const result = fetcher.state === "idle" ? (fetcher.data ?? pageResult) : undefined;
  // Which success has had its 5 seconds: the no-JavaScript one (?sent=1) or a fetcher result.
  const [expired, setExpired] = useState<unknown>(null);
  const successKey = result?.status === "success" ? result : params.has("sent") ? "sent" : null;
  const showSuccess = successKey !== null && expired !== successKey;
  const errors = result?.status === "error" ? result.fieldErrors : {};
  const values = result?.status === "error" ? result.values : {};
  const sending = fetcher.state !== "idle";

  // After sending, the form clears and the success message shows for 5 seconds.
  useFormReply(formRef, result, { resetOnSuccess: true });
  useEffect(() => {
    if (successKey === null) return;
    const t = window.setTimeout(() => setExpired(successKey), CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(t);
  }, [successKey]);

  return (
    <fetcher.Form discover="none" ref={formRef} method="post" noValidate className="space-y-5" aria-describedby="contact-status">
      <NoScriptRedirect to="/contact?sent=1" />
      <div id="contact-status" aria-live="polite">
        {showSuccess && (
          <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">{CONTACT_SUCCESS_MESSAGE}</p>
        )}
        {Object.keys(errors).length > 0 && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            Please correct the highlighted fields.
          </p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Your Name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} error={errors.name} />
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Phone Number"
          name="phone"
          type="tel"
          autoComplete="tel"
          optional
          maxLength={20}
          defaultValue={values.phone}
          error={errors.phone}
        />
        <SelectField label="Subject" name="subject" required defaultValue={values.subject ?? ""} error={errors.subject}>
          <option value="" disabled>
            Select a subject
          </option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Message" name="message" rows={6} required maxLength={5000} defaultValue={values.message} error={errors.message} />
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

export default function ContactPage() {
  const { address } = BRAND;
  return (
    <div>
      <section className="bg-gradient-to-br from-pink-50 via-white to-indigo-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">Contact Us</h1>
          <p className="mt-3 max-w-2xl text-gray-700">
            Questions about a product, an order or a return? Write to us and we'll reply within {EMAIL_REPLY_HOURS} hours.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_360px] lg:px-8">
        <section aria-labelledby="form-heading" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="form-heading" className="text-xl font-semibold text-gray-900">
            Send us a message
          </h2>
          <div className="mt-6">
            <ContactForm />
          </div>
          <div className="mt-8 border-t border-gray-200 pt-6">
            <h2 className="text-lg font-semibold text-gray-900">Have a complaint?</h2>
            <p className="mt-2 text-sm text-gray-700">
              Raise it with our grievance officer and get a ticket number at once. {GRIEVANCE_PROMISE}
            </p>
            <Link to="/grievances/new" className="mt-3 inline-block text-sm font-semibold text-pink-700 hover:text-pink-800">
              Raise a complaint
            </Link>
          </div>
        </section>
        <aside className="space-y-6">
          <div className="rounded-2xl border border-gray-200 bg-gray-50 p-6">
            <h2 className="text-lg font-semibold text-gray-900">Get in touch</h2>
            <ul className="mt-4 space-y-4 text-sm text-gray-700">
              <li className="flex gap-3">
                <MapPinIcon className="shrink-0 text-pink-700" width={20} height={20} />
                <span>
                  {address.line1}, {address.city}, {address.state} {address.postalCode}, {address.country}
                </span>
              </li>
              <li className="flex gap-3">
                <PhoneIcon className="shrink-0 text-pink-700" width={20} height={20} />
                <a href={BRAND.phoneHref} className="hover:text-pink-700">
                  {BRAND.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <MailIcon className="shrink-0 text-pink-700" width={20} height={20} />
                <a href={`mailto:${BRAND.supportEmail}`} className="hover:text-pink-700">
                  {BRAND.supportEmail}
                </a>
              </li>
            </ul>
          </div>
          <div className="rounded-2xl border border-gray-200 bg-gray-50 p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              <ClockIcon className="text-pink-700" width={20} height={20} /> Support Hours
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {SUPPORT_HOURS.map((h) => (
                <div key={h.days} className="flex justify-between gap-4">
                  <dt className="text-gray-700">{h.days}</dt>
                  <dd className="font-medium text-gray-900">{h.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-xs text-gray-600">Email replies within {EMAIL_REPLY_HOURS} hours.</p>
          </div>
        </aside>
      </div>
    </div>
  );
}
