import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, sharedPageContext, userContext } from "~/context";
import { savedBuildFit } from "~/modules/builds/saved-fit.server";
import { addBuildToCart, cartPartProblems } from "~/modules/cart/build-cart.server";
import { cartCookieHeader, readCartLines } from "~/modules/cart/cart.server";
import { saveProduct, setProductStatus } from "~/modules/catalog/products.server";
import type { SessionUser } from "~/modules/identity/roles";
import { visitorAnswer } from "~/modules/visitor/visitor.server";
import { action as buildCartAction, loader as buildCartLoader } from "~/routes/build.cart";
import { loader as cartLoader } from "~/routes/cart";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const MOUSE = "product-logitech-mx-master-3s"; // a demo product, no PC part

const PRIYA: SessionUser = { id: "u-priya", email: "priya@example.in", name: "Priya Sharma", role: "customer", isAdmin: false };
const ARJUN: SessionUser = { id: "u-arjun", email: "arjun@example.in", name: "Arjun Mehta", role: "customer", isAdmin: false };

/** PC parts with their makers' figures (as app/modules/builds/compatibility.test.ts has them), sold by vendor-1. */
const PARTS = {
  cpu: {
    name: "AMD Ryzen 7 7800X3D",
    stock: 5,
    specifications: { componentType: "Processor", socket: "AM5", processorFamily: "Ryzen 7000", ramTypes: "DDR5", power: "120", peakPower: "162", integratedGraphics: "Yes", coolerIncluded: "No" },
  },
  am5Board: {
    name: "ASUS TUF Gaming B650-Plus WiFi",
    stock: 5,
    specifications: {
      componentType: "Motherboard",
      socket: "AM5",
      boardFormFactor: "ATX",
      ramType: "DDR5",
      memorySlots: "4",
      maxMemory: "192",
      maxMemorySpeed: "6400",
      m2Slots: "3",
      sataPorts: "4",
      biosFlashback: "Yes",
      minimumBios: "Ryzen 9000: AGESA 1.2.0.0",
    },
  },
  intelBoard: {
    name: "MSI PRO Z790-P WiFi",
    stock: 5,
    specifications: {
      componentType: "Motherboard",
      socket: "LGA 1700",
      boardFormFactor: "ATX",
      ramType: "DDR5",
      memorySlots: "4",
      maxMemory: "192",
      maxMemorySpeed: "7200",
      m2Slots: "4",
      sataPorts: "6",
      biosFlashback: "Yes",
      minimumBios: "None",
    },
  },
  ddr5: {
    name: "Kingston FURY Beast 32 GB (2 x 16 GB) DDR5-6000",
    stock: 4,
    specifications: { componentType: "Memory", ramType: "DDR5", memorySpeed: "6000", modules: "2", moduleCapacity: "16", moduleType: "DIMM", registered: "Unbuffered" },
  },
  lastKit: {
    name: "G.Skill Flare X5 32 GB (2 x 16 GB) DDR5-6000",
    stock: 1,
    specifications: { componentType: "Memory", ramType: "DDR5", memorySpeed: "6000", modules: "2", moduleCapacity: "16", moduleType: "DIMM", registered: "Unbuffered" },
  },
  ddr4: {
    name: "Corsair Vengeance LPX 16 GB (2 x 8 GB) DDR4-3200",
    stock: 5,
    specifications: { componentType: "Memory", ramType: "DDR4", memorySpeed: "3200", modules: "2", moduleCapacity: "8", moduleType: "DIMM", registered: "Unbuffered" },
  },
  /** A DDR5 kit whose seller gave no speed: the speed check cannot run. */
  kitWithoutSpeed: {
    name: "Crucial 32 GB (2 x 16 GB) DDR5",
    stock: 5,
    specifications: { componentType: "Memory", ramType: "DDR5", modules: "2", moduleCapacity: "16", moduleType: "DIMM", registered: "Unbuffered" },
  },
  cooler: {
    name: "DeepCool AK620",
    stock: 5,
    specifications: { componentType: "CPU Cooler", coolerType: "Air", coolerHeight: "160", coolerSockets: "AM5, AM4, LGA 1700", coolerFans: "2" },
  },
  soldOutCard: {
    name: "ASUS Dual GeForce RTX 4060",
    stock: 0,
    specifications: { componentType: "Graphics Card", power: "115", cardLength: "227", slotWidth: "2.5", card8Pin: "1", card12v2x6: "0", minimumPsu: "550" },
  },
  archivedCase: {
    name: "Corsair 4000D Airflow",
    stock: 5,
    specifications: { componentType: "PC Case", caseBoardFormFactors: "ATX, Micro ATX, Mini-ITX", maxCardLength: "360", maxCoolerHeight: "170", casePsuFormFactors: "ATX", radiatorMounts: "Front: 360; Top: 280", bays35: "2", caseFans: "2" },
  },
} as const;
type PartKey = keyof typeof PARTS;
const id = (key: PartKey) => `product-test-${key.toLowerCase()}`;

const SOCKET_ERROR =
  "The AMD Ryzen 7 7800X3D fits socket AM5; the MSI PRO Z790-P WiFi takes LGA 1700 processors. Choose a motherboard with socket AM5 or a processor for LGA 1700.";

const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
/** The Cookie header of a browser whose cart holds these lines. */
const cartCookie = async (lines: { productId: string; quantity: number }[]) => (await cartCookieHeader(lines)).split(";")[0]!;

describe.each(testDatabaseKinds)("a build into the cart, and its parts' fit, on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    for (const [key, part] of Object.entries(PARTS) as [PartKey, (typeof PARTS)[PartKey]][]) {
      await saveProduct(t.db, {
        id: id(key),
        name: part.name,
        description: "A PC part for the test.",
        pricePaise: 10_000_00,
        image: null,
        category: "Component",
        stock: part.stock,
        featured: false,
        specifications: { ...part.specifications },
        vendorId: "vendor-1",
      });
    }
    await setProductStatus(t.db, id("archivedCase"), "archived");
    await insertUsers(t, [{ id: PRIYA.id, name: PRIYA.name }, { id: ARJUN.id, name: ARJUN.name }]);
  }, 60_000);
  afterAll(async () => t?.destroy());

  function context(user: SessionUser | null = null) {
    const c = new RouterContextProvider();
    c.set(dbContext, t.db);
    c.set(userContext, user);
    c.set(sharedPageContext, false);
    return c;
  }

  const post = (fields: [string, string][], cookie = "") =>
    new Request("http://shop.test/build/cart", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });

  it("adds a working build, each part once and a kit chosen twice as 2, merged with what the cart holds", async () => {
    const current = [
      { productId: MOUSE, quantity: 1 },
      { productId: id("ddr5"), quantity: 1 },
    ];
    const result = await addBuildToCart(t.db, current, [id("cpu"), id("am5Board"), id("ddr5"), id("ddr5"), id("cooler")], {
      confirmed: false,
    });
    expect(result).toEqual({
      ok: true,
      lines: [
        { productId: MOUSE, quantity: 1 },
        { productId: id("ddr5"), quantity: 3 },
        { productId: id("cpu"), quantity: 1 },
        { productId: id("am5Board"), quantity: 1 },
        { productId: id("cooler"), quantity: 1 },
      ],
      message: "Added the build's 5 parts to your cart.",
    });
  });

  it("refuses the whole build when a part is out of stock, too few are left or it is no longer sold, naming each", async () => {
    const current = [{ productId: MOUSE, quantity: 1 }];
    const result = await addBuildToCart(
      t.db,
      current,
      [id("cpu"), id("am5Board"), id("lastKit"), id("lastKit"), id("soldOutCard"), id("archivedCase"), "product-nope"],
      { confirmed: true },
    );
    expect(result).toEqual({
      ok: false,
      reason: "unavailable",
      message: "This build could not be added to your cart. Nothing was added.",
      problems: [
        "“Corsair 4000D Airflow” is no longer sold.",
        "A part of this build (product-nope) is no longer sold.",
        "The build needs 2 of “G.Skill Flare X5 32 GB (2 x 16 GB) DDR5-6000”; only 1 is left.",
        "“ASUS Dual GeForce RTX 4060” is out of stock.",
      ],
    });
  });

  it("counts what the cart already holds against the stock", async () => {
    const result = await addBuildToCart(t.db, [{ productId: id("ddr5"), quantity: 3 }], [id("cpu"), id("ddr5"), id("ddr5")], { confirmed: false });
    expect(result).toMatchObject({
      ok: false,
      problems: ["The build needs 2 of “Kingston FURY Beast 32 GB (2 x 16 GB) DDR5-6000”; 4 are left and your cart already holds 3, so only 1 can be added."],
    });
  });

  it("keeps the cart's limit of 50 different products", async () => {
    const current = Array.from({ length: 48 }, (_, i) => ({ productId: `product-elsewhere-${i}`, quantity: 1 }));
    const result = await addBuildToCart(t.db, current, [id("cpu"), id("am5Board"), id("cooler")], { confirmed: true });
    expect(result).toMatchObject({ ok: false, problems: ["Your cart holds up to 50 different products; with this build it would hold 51. Remove some first."] });
  });

  it("asks before adding a build with an error, and adds it once confirmed", async () => {
    const parts = [id("cpu"), id("intelBoard"), id("ddr5"), id("cooler")];
    const first = await addBuildToCart(t.db, [], parts, { confirmed: false });
    expect(first).toMatchObject({ ok: false, reason: "unconfirmed", message: "This build has a problem. Add it anyway?" });
    expect(first.ok === false && first.reason === "unconfirmed" && first.problems.map((v) => v.message)).toEqual([SOCKET_ERROR]);
    const confirmed = await addBuildToCart(t.db, [], parts, { confirmed: true });
    expect(confirmed).toMatchObject({ ok: true, lines: parts.map((productId) => ({ productId, quantity: 1 })) });
  });

  it("the route: a working build goes to the cart; a faulty one answers its problems with Add anyway; what cannot be had is a 409", async () => {
    const added = (await buildCartAction({
      request: post([["part", id("cpu")], ["part", id("am5Board")], ["part", id("ddr5")], ["part", id("cooler")]], await cartCookie([{ productId: MOUSE, quantity: 2 }])),
      context: context(),
      params: {},
    } as never).catch((e: unknown) => e)) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/cart");
    expect(await readCartLines(new Request("http://shop.test/cart", { headers: { Cookie: cookieOf(added) } }))).toEqual([
      { productId: MOUSE, quantity: 2 },
      { productId: id("cpu"), quantity: 1 },
      { productId: id("am5Board"), quantity: 1 },
      { productId: id("ddr5"), quantity: 1 },
      { productId: id("cooler"), quantity: 1 },
    ]);

    const faulty: [string, string][] = [["part", id("cpu")], ["part", id("intelBoard")], ["part", id("cooler")]];
    const asked = (await buildCartAction({ request: post(faulty), context: context(), params: {} } as never)) as unknown as Record<string, unknown>;
    expect(asked).toEqual({
      kind: "confirm",
      message: "This build has a problem. Add it anyway?",
      problems: [SOCKET_ERROR],
      partIds: [id("cpu"), id("intelBoard"), id("cooler")],
      back: `/build?part=${id("cpu")}&part=${id("intelBoard")}&part=${id("cooler")}`,
    });
    const anyway = (await buildCartAction({ request: post([...faulty, ["confirm", "yes"]]), context: context(), params: {} } as never).catch((e: unknown) => e)) as Response;
    expect(anyway.status).toBe(302);
    expect(await readCartLines(new Request("http://shop.test/cart", { headers: { Cookie: cookieOf(anyway) } }))).toHaveLength(3);

    const refused = (await buildCartAction({ request: post([["part", id("soldOutCard")]]), context: context(), params: {} } as never)) as unknown as {
      data: Record<string, unknown>;
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ kind: "refused", problems: ["“ASUS Dual GeForce RTX 4060” is out of stock."] });

    const opened = (await Promise.resolve()
      .then(() => buildCartLoader({ request: new Request("http://shop.test/build/cart"), context: context(), params: {} } as never))
      .catch((e: unknown) => e)) as Response;
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/build");
    // The page answering a post without JavaScript: its loader sees the post's headers.
    expect(buildCartLoader({ request: post(faulty), context: context(), params: {} } as never)).toBeNull();
  });

  it("the cart lists its PC parts that don't fit together, and nothing when they do", async () => {
    expect((await cartPartProblems(t.db, [{ productId: id("cpu"), quantity: 1 }, { productId: id("intelBoard"), quantity: 1 }, { productId: MOUSE, quantity: 1 }])).map((v) => v.message)).toEqual([
      SOCKET_ERROR,
    ]);
    expect(await cartPartProblems(t.db, [{ productId: id("cpu"), quantity: 1 }, { productId: id("am5Board"), quantity: 1 }, { productId: id("ddr5"), quantity: 2 }])).toEqual([]);

    const cart = async (lines: { productId: string; quantity: number }[]) =>
      cartLoader({
        request: new Request("http://shop.test/cart", { headers: { Cookie: await cartCookie(lines) } }),
        context: context(),
        params: {},
      } as never);
    expect((await cart([{ productId: id("cpu"), quantity: 1 }, { productId: id("intelBoard"), quantity: 1 }])).partProblems).toEqual([SOCKET_ERROR]);
    expect((await cart([{ productId: id("cpu"), quantity: 1 }, { productId: MOUSE, quantity: 1 }])).partProblems).toEqual([]);
  });

  it("the visitor's answer says whether a part fits the customer's newest saved build", async () => {
    const saveBuild = async (buildId: string, userId: string, name: string, createdAt: string, parts: PartKey[]) => {
      await t.db.insertInto("builds").values({ id: buildId, user_id: userId, name, created_at: createdAt }).execute();
      await t.db
        .insertInto("build_parts")
        .values(parts.map((key, position) => ({ build_id: buildId, position, product_id: id(key), name: PARTS[key].name, price_paise: 10_000_00 })))
        .execute();
    };
    await saveBuild("build-old", PRIYA.id, "Old build", "2026-11-01T10:00:00.000Z", ["cpu"]);
    await saveBuild("build-am5", PRIYA.id, "Gaming rig", "2026-11-20T10:00:00.000Z", ["cpu", "am5Board", "ddr5"]);

    const fit = (productId: string, user: SessionUser = PRIYA) => savedBuildFit(t.db, user.id, productId);
    expect(await fit(id("ddr5"))).toEqual({ buildName: "Gaming rig", href: "/builds/build-am5", fits: true, checked: true, messages: [] });
    expect(await fit(id("intelBoard"))).toEqual({ buildName: "Gaming rig", href: "/builds/build-am5", fits: false, checked: true, messages: [SOCKET_ERROR] });
    const ddr4 = await fit(id("ddr4"));
    expect(ddr4).toMatchObject({ fits: false, href: "/builds/build-am5" });
    expect(ddr4!.messages.join(" ")).toMatch(/DDR4/);
    const unchecked = await fit(id("kitWithoutSpeed"));
    expect(unchecked).toMatchObject({ fits: true, checked: false });
    expect(unchecked!.messages).toHaveLength(1);
    expect(unchecked!.messages[0]).toMatch(/Crucial 32 GB \(2 x 16 GB\) DDR5.*speed/i);

    // No PC part, or no saved build: nothing to say.
    expect(await fit(MOUSE)).toBeNull();
    expect(await fit(id("ddr5"), ARJUN)).toBeNull();

    // Through the one private answer: signed in with a product, and never for a visitor signed out.
    const request = new Request("http://shop.test/visitor");
    expect((await visitorAnswer(t.db, request, PRIYA, id("intelBoard"))).visitor.buildFit).toMatchObject({ fits: false, buildName: "Gaming rig" });
    expect((await visitorAnswer(t.db, request, null, id("intelBoard"))).visitor.buildFit).toBeNull();
    expect((await visitorAnswer(t.db, request, PRIYA, null)).visitor.buildFit).toBeNull();
  });
});
