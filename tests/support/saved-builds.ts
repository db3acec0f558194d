import { expect, type APIRequestContext } from "@playwright/test";
import { buildSearch } from "~/modules/builds/selection";
import { demoProducts, demoVendors } from "~/seed/demo-catalog";
import { DEMO_BUILDS, demoPcParts } from "~/seed/demo-pc-parts";

/** A build's part as the browser tests check it: id, name, price before GST and seller. */
export interface TestPart {
  id: string;
  name: string;
  pricePaise: number;
  seller: string;
}

/** The parts of the demo's compatible AM5 build (app/seed/demo-pc-parts.ts), in the builder's order. */
export const AM5_PARTS: TestPart[] = DEMO_BUILDS.am5.partIds.map((id) => {
  const product = [...demoProducts, ...demoPcParts].find((p) => p.id === id);
  const seller = demoVendors.find((v) => v.id === product?.vendorId);
  if (!product || !seller) throw new Error(`${id} is not a demo product with its seller`);
  return { id, name: product.name, pricePaise: product.pricePaise, seller: seller.name };
});

/**
 * Saves a build by the post the builder's "Save build" makes (its `part` fields and a name), as
 * whoever `request` is signed in as; answers the build's address.
 */
export async function saveBuildByPost(request: APIRequestContext, partIds: readonly string[], name: string): Promise<string> {
  const response = await request.post("/builds", {
    data: `${buildSearch(partIds)}&name=${encodeURIComponent(name)}`,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(response.status(), `saving ${name}: ${await response.text().catch(() => "")}`).toBe(302);
  const location = response.headers()["location"] ?? "";
  expect(location).toMatch(/^\/builds\/[A-Za-z0-9_-]{22}$/);
  return location;
}
