import { z } from "~/lib/zod";
import { BUILD_NAME_FIELD, BUILD_NAME_MAX, SAVED_BUILD_MESSAGES } from "./saved-build";

/*
 * Reading the Save build form. Apart from saved-build.ts, whose constants the builder's browser
 * code imports: zod stays out of the browser (docs/decisions/028-less-hydration.md).
 */

// Control characters (a pasted tab, a new line) would break the name's one line on every page.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The save form's own fields (the parts are read with partIdsFrom, selection.ts). An empty name takes the default. */
export const saveBuildSchema = z.object({
  [BUILD_NAME_FIELD]: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(BUILD_NAME_MAX, SAVED_BUILD_MESSAGES.nameTooLong).refine((v) => !CONTROL.test(v), SAVED_BUILD_MESSAGES.nameInvalid)),
});

