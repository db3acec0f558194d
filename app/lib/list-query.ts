import { z } from "~/lib/zod";

/**
 * The pieces of a list page's query string that never fail (a bad link shows the list, not an
 * error). Each caller passes its own limits.
 */

/** Search box text: control characters and runs of white space become one space, trimmed, cut at `max`. */
export const searchText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((raw) =>
      (raw ?? "")
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, max),
    );

/** A page number from 1 to `max`; anything else (missing, not a whole number, out of range) is page 1. */
export const pageNumber = (max: number) => z.coerce.number().int().min(1).max(max).catch(1);
