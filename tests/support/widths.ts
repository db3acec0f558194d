import { test } from "@playwright/test";

/**
 * For a loop that defines its tests at both widths (`for (const width of ["", " @mobile"])`): a
 * test of the desktop run only, for what does not depend on the width. The phone run keeps what
 * the phone layout changes: menus, panels, cards, tables that scroll (docs/testing.md, "The two
 * widths").
 */
export function desktopOnly(width: string): typeof test {
  return width ? ((() => undefined) as unknown as typeof test) : test;
}
