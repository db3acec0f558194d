import { z } from "zod";

// Zod probes `new Function` for a faster parser; the CSP (no 'unsafe-eval') refuses it and the
// browser reports a violation, so schemas run without it in the browser. Modules whose schemas can
// run in the browser take `z` from here; the setting then comes with zod, and pages that load no
// schema (the catalogue) load no zod.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
