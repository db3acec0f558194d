/**
 * The builder's addresses (app/routes/build.tsx): every step of building a PC is a link or a GET
 * form, so it works without JavaScript and any step can be shared. The build is its parts
 * (selection.ts); a slot's list adds `slot=` and the catalogue's filters, sort and page.
 */
import { appendFilters, type CatalogFilters } from "~/modules/catalog/filters";
import { DEFAULT_SORT, type CatalogSort } from "~/modules/catalog/search";
import type { Slot } from "./compatibility";
import { PART_FIELD, builderHref } from "./selection";

export const SLOT_PARAM = "slot";
/** `misfits=1`: after the parts that fit, the rest with their reasons. */
export const MISFITS_PARAM = "misfits";

/** A part of the build as its links need it: its product and the slot it is in. */
export interface PlacedPart {
  slot: Slot;
  id: string;
}

const takesSeveral = (slot: Slot) => slot === "memory" || slot === "storage";

/** The build's parts with one added: a kit or drive beside the others, any other part in place of the slot's. */
export function withPartAdded(parts: readonly PlacedPart[], slot: Slot, id: string): string[] {
  const kept = takesSeveral(slot) ? parts : parts.filter((p) => p.slot !== slot);
  return [...kept.map((p) => p.id), id];
}

/** The build's parts without the one at `index`. */
export function withPartRemoved(parts: readonly PlacedPart[], index: number): string[] {
  return parts.filter((_, i) => i !== index).map((p) => p.id);
}

export interface SlotListView {
  sort?: CatalogSort;
  page?: number;
  filters?: CatalogFilters;
  misfits?: boolean;
}

/** A slot's list for the build: `/build?part=…&slot=motherboard`, with any filters, sort and page. */
export function slotHref(partIds: readonly string[], slot: Slot, view: SlotListView = {}): string {
  const p = new URLSearchParams();
  for (const id of partIds) p.append(PART_FIELD, id);
  p.set(SLOT_PARAM, slot);
  if (view.filters) appendFilters(p, view.filters);
  if (view.sort && view.sort !== DEFAULT_SORT) p.set("sort", view.sort);
  if (view.misfits) p.set(MISFITS_PARAM, "1");
  if (view.page && view.page > 1) p.set("page", String(view.page));
  return `/build?${p.toString()}`;
}

export { builderHref };
