import type { Holiday, NewMetro } from "~/modules/delivery/settings";

/**
 * The first delivery calendar of a new shop, which the admin edits at /admin/delivery/calendar.
 *
 * Metros and their PIN prefixes, as India Post numbers them: Delhi's PINs are 110xxx; Mumbai's (the
 * city and suburbs) 400001 to 400104, so 4000 and 4001 (Thane 4006xx and Navi Mumbai 4007xx are
 * left out); Kolkata 700xxx; Chennai 600xxx; Bengaluru 560xxx; Hyderabad and Secunderabad 500xxx.
 */
export const FIRST_METROS: NewMetro[] = [
  { name: "Delhi", prefixes: ["110"] },
  { name: "Mumbai", prefixes: ["4000", "4001"] },
  { name: "Kolkata", prefixes: ["700"] },
  { name: "Chennai", prefixes: ["600"] },
  { name: "Bengaluru", prefixes: ["560"] },
  { name: "Hyderabad", prefixes: ["500"] },
];

/**
 * India's three national holidays, and festivals couriers widely close for, in 2026 and 2027. The
 * festival days follow the central government's holiday lists (Holi and Diwali move with the lunar
 * calendar; Good Friday with Easter).
 */
export const FIRST_HOLIDAYS: Holiday[] = [
  { day: "2026-01-26", name: "Republic Day" },
  { day: "2026-03-04", name: "Holi" },
  { day: "2026-04-03", name: "Good Friday" },
  { day: "2026-08-15", name: "Independence Day" },
  { day: "2026-10-02", name: "Gandhi Jayanti" },
  { day: "2026-11-08", name: "Diwali" },
  { day: "2026-12-25", name: "Christmas" },
  { day: "2027-01-26", name: "Republic Day" },
  { day: "2027-03-22", name: "Holi" },
  { day: "2027-03-26", name: "Good Friday" },
  { day: "2027-08-15", name: "Independence Day" },
  { day: "2027-10-02", name: "Gandhi Jayanti" },
  { day: "2027-10-29", name: "Diwali" },
  { day: "2027-12-25", name: "Christmas" },
];
