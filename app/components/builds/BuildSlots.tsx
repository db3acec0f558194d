import { Link } from "~/lib/route-links";
import { Money } from "~/components/ui/Money";
import { builderHref, slotHref, withPartRemoved } from "~/modules/builds/builder-links";
import type { BuilderPart } from "~/modules/builds/builder.server";
import { SLOTS, SLOT_NAMES, type Slot } from "~/modules/builds/compatibility";
import { stockText } from "~/modules/catalog/stock";

/** "Memory kit", "CPU cooler": a slot's name at the start of a line. */
export const slotTitle = (slot: Slot) => SLOT_NAMES[slot].charAt(0).toUpperCase() + SLOT_NAMES[slot].slice(1);

/** "a processor", "an ATX…": the slot's name after "Choose". */
export const aSlot = (slot: Slot) => `${/^[aeiou]/i.test(SLOT_NAMES[slot]) ? "an" : "a"} ${SLOT_NAMES[slot]}`;

const linkClass = "font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800";

/** The eight slots of a build, each with its part(s) and the links that change them. */
export function BuildSlots({ parts }: { parts: BuilderPart[] }) {
  const ids = parts.map((p) => p.product.id);
  const placed = parts.map((p) => ({ slot: p.slot, id: p.product.id }));
  return (
    <section aria-labelledby="parts-heading">
      <h2 id="parts-heading" className="text-xl font-semibold text-gray-900">
        Your parts
      </h2>
      <ul className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200">
        {SLOTS.map((slot) => {
          const inSlot = parts.flatMap((p, index) => (p.slot === slot ? [{ part: p, index }] : []));
          const several = slot === "memory" || slot === "storage";
          return (
            <li key={slot} className="p-4">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-600">{slotTitle(slot)}</h3>
              {inSlot.map(({ part, index }) => (
                <div key={index} className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <div className="min-w-0">
                    <Link to={`/products/${encodeURIComponent(part.product.id)}`} className="font-medium text-gray-900 underline-offset-2 hover:underline">
                      {part.product.name}
                    </Link>
                    <p className="text-sm text-gray-700">
                      <Money paise={part.product.pricePaise} className="font-semibold text-gray-900" />
                      {` · ${stockText(part.product.stock)} · Sold by ${part.seller}`}
                    </p>
                  </div>
                  <p className="flex gap-4 text-sm">
                    {!several && (
                      <Link to={slotHref(ids, slot)} className={linkClass}>
                        Change<span className="sr-only"> {SLOT_NAMES[slot]}</span>
                      </Link>
                    )}
                    <Link to={builderHref(withPartRemoved(placed, index))} className={linkClass}>
                      Remove<span className="sr-only"> {part.product.name}</span>
                    </Link>
                  </p>
                </div>
              ))}
              {inSlot.length === 0 ? (
                <Link to={slotHref(ids, slot)} className={`mt-2 inline-block text-sm ${linkClass}`}>
                  Choose {aSlot(slot)}
                </Link>
              ) : (
                several && (
                  <Link to={slotHref(ids, slot)} className={`mt-2 inline-block text-sm ${linkClass}`}>
                    Add another<span className="sr-only"> {SLOT_NAMES[slot]}</span>
                  </Link>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
