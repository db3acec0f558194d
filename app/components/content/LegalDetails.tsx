import { useRouteLoaderData } from "react-router";
import type { LegalDetails } from "~/modules/content/legal";

/** The legal details the shop layout's loader reads once for every page (content/legal.server.ts). */
export function useLegalDetails(): LegalDetails | undefined {
  return (useRouteLoaderData("routes/_shop") as { legal?: LegalDetails } | undefined)?.legal;
}

/** The company behind the shop: legal name, registered office, CIN and GSTIN. */
export function CompanyDetails() {
  const legal = useLegalDetails();
  if (!legal) return null;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold text-gray-900">Legal name</dt>
      <dd className="text-gray-700">{legal.legalName}</dd>
      <dt className="font-semibold text-gray-900">Registered office</dt>
      <dd className="text-gray-700">{legal.registeredOffice}</dd>
      <dt className="font-semibold text-gray-900">CIN</dt>
      <dd className="text-gray-700">{legal.cin}</dd>
      <dt className="font-semibold text-gray-900">GSTIN</dt>
      <dd className="text-gray-700">{legal.gstin}</dd>
    </dl>
  );
}

/** The grievance officer: name, designation and how to reach them. */
export function GrievanceOfficerDetails() {
  const legal = useLegalDetails();
  if (!legal) return null;
  const officer = legal.grievanceOfficer;
  return (
    <div className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="font-semibold text-gray-900">
        {officer.name}, {officer.designation}
      </p>
      <p className="mt-1">{legal.legalName}</p>
      <p>{legal.registeredOffice}</p>
      <p className="mt-3">
        Email: <a href={`mailto:${officer.email}`}>{officer.email}</a>
      </p>
      <p>
        Phone: <a href={`tel:${officer.phone.replace(/\s+/g, "")}`}>{officer.phone}</a>
      </p>
    </div>
  );
}
