import { useNavigate } from "react-router";
import { Link } from "~/lib/route-links";
import { ButtonLink, buttonClass } from "~/components/ui/Button";

export const PRODUCT_NOT_FOUND_MESSAGE = "The product you're looking for doesn't exist or has been removed";

/**
 * The 404 page with Go Home, Go Back and a contact link; for an unknown product,
 * its own message with Back to Products. `backHref` makes Go Back work before JavaScript loads.
 */
export function NotFound({ product = false, backHref = "/" }: { product?: boolean; backHref?: string }) {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-7xl font-black tracking-tight text-pink-600 sm:text-8xl">404</p>
      <h1 className="mt-4 text-3xl font-bold text-gray-900 sm:text-4xl">{product ? "Product Not Found" : "Page Not Found"}</h1>
      <p className="mt-4 text-base text-gray-600">
        {product ? PRODUCT_NOT_FOUND_MESSAGE : "Sorry, the page you're looking for doesn't exist or has been moved."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {product && (
          <ButtonLink to="/products" variant="pink">
            Back to Products
          </ButtonLink>
        )}
        <ButtonLink to="/" variant={product ? "outline" : "pink"}>
          Go Home
        </ButtonLink>
        <a
          href={backHref}
          className={buttonClass("outline")}
          onClick={(e) => {
            if (window.history.length > 1) {
              e.preventDefault();
              void navigate(-1);
            }
          }}
        >
          Go Back
        </a>
      </div>
      <p className="mt-8 text-sm text-gray-600">
        Need help finding something?{" "}
        <Link to="/contact" className="font-semibold text-pink-700 underline hover:text-pink-800">
          Contact us
        </Link>
      </p>
    </section>
  );
}

/** A same-origin Referer path for Go Back, or "/". */
export function safeBackHref(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    const here = new URL(request.url);
    if (url.origin !== here.origin) return "/";
    return url.pathname + url.search;
  } catch {
    return "/";
  }
}
