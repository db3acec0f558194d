import type { ReactNode } from "react";
import { Link } from "~/lib/route-links";
import { Logo } from "~/components/layout/Logo";
import { BRAND } from "~/config/brand";

/** The frame of every sign-in and sign-up page: a centred card under a heading. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-br from-pink-50 via-white to-indigo-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="text-center">
          <Link to="/" className="inline-flex items-center gap-2" aria-label={`${BRAND.name} home`}>
            <Logo size={44} />
          </Link>
          <h1 className="mt-4 text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-gray-600">{subtitle}</p>}
        </div>
        <div className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
        {footer && <div className="mt-6 space-y-2 text-center text-sm text-gray-700">{footer}</div>}
      </div>
    </div>
  );
}

export const authLinkClass = "font-semibold text-pink-700 hover:text-pink-800 hover:underline";
