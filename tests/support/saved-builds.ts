import { expect, type APIRequestContext } from "@playwright/test";
import { NO_DECLARATIONS } from "~/modules/catalog/declarations";
import { saveProduct, type ProductInput } from "~/modules/catalog/products.server";
import { buildSearch } from "~/modules/builds/selection";
import { withShopStore } from "./e2e-store";

/** A build's parts as the browser tests save them: ids, names and prices before GST. */
export interface TestPart {
  id: string;
  name: string;
  pricePaise: number;
  seller: string;
}

const part = (id: string, name: string, pricePaise: number, vendorId: string, specifications: Record<string, string>): ProductInput => ({
  id,
  name,
  description: `${name}.`,
  pricePaise,
  image: null,
  category: "Component",
  stock: 50,
  featured: false,
  specifications,
  vendorId,
  declarations: { ...NO_DECLARATIONS, hsnCode: "84733020" },
});

// TEMPORARY until the demo's PC parts land: parts of our own.
const PARTS: ProductInput[] = [
  part("e2e-sb-cpu", "E2E Ryzen 7 7800X3D", 36_999_00, "vendor-1", { componentType: "Processor", socket: "AM5", ramTypes: "DDR5", power: "120", peakPower: "162", integratedGraphics: "Yes", coolerIncluded: "No" }),
  part("e2e-sb-board", "E2E B650 board", 21_499_00, "vendor-2", { componentType: "Motherboard", socket: "AM5", boardFormFactor: "ATX", ramType: "DDR5", memorySlots: "4", maxMemory: "192" }),
];

/** The parts of a working build the browser tests save. */
export async function buildParts(): Promise<TestPart[]> {
  await withShopStore(async ({ db }) => {
    for (const p of PARTS) await saveProduct(db, p);
  });
  const sellers: Record<string, string> = { "vendor-1": "Vardhan Infotech Distributors Pvt. Ltd.", "vendor-2": "Shree Lamington Computer Traders" };
  return PARTS.map((p) => ({ id: p.id, name: p.name, pricePaise: p.pricePaise, seller: sellers[p.vendorId]! }));
}

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
