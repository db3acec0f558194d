// Reviews benchmark: 100,000 products and 1,000,000 published reviews (a few products with
// hundreds, most with a handful, some with none), with helpful votes and seller answers. Times
// what a product page reads for its reviews (getProduct, then the reviews section: the rating,
// the histogram and a page of reviews, sorted and filtered as a visitor asks), on a product with
// hundreds of reviews and on one with a few, and the catalogue sorted and filtered by rating.
// Run through `npm run bench` (or `npx tsx scripts/bench-reviews.ts`); set BENCH_DATABASE_URL to
// also run it on PostgreSQL. A figure to read, not a test.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { PRODUCT_CATEGORIES } from "~/modules/catalog/categories";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { catalogPage } from "~/modules/catalog/listing.server";
import { getProduct } from "~/modules/catalog/products.server";
import { ratingScore } from "~/modules/catalog/ratings";
import { productReviews } from "~/modules/reviews/reviews.server";
import { parseReviewListQuery } from "~/modules/reviews/rules";
import { analyze, onEachDatabase, prepareShop, rand, time, type BenchKind } from "./bench-support";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const BUYERS = 20_000;
/** The products with hundreds of reviews: bench-r-0 … bench-r-99, 600 each. */
const POPULAR = 100;
const POPULAR_REVIEWS = 600;
const REVIEWED_OTHERS = Math.floor((PRODUCTS - POPULAR) * 0.8);

async function generate(db: Kysely<Database>, kind: BenchKind) {
  const r = rand(7);
  const pick = <T,>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const stamp = new Date().toISOString();
  const authStamp = kind === "postgres" ? new Date() : stamp;
  const emailVerified = kind === "postgres" ? false : 0;
  // Buyers, and one delivered order each that their reviews point at.
  for (let start = 0; start < BUYERS; start += 1000) {
    const users: Insertable<Database["user"]>[] = [];
    const orders: Insertable<Database["orders"]>[] = [];
    for (let i = start; i < start + 1000; i++) {
      users.push({ id: `bench-buyer-${i}`, name: `Buyer ${i}`, email: `buyer${i}@example.in`, emailVerified, image: null, createdAt: authStamp, updatedAt: authStamp, role: "customer", banned: null, banReason: null, banExpires: null });
      orders.push({
        id: `bench-order-${i}`,
        number: `RC-${String(500_000 + i)}`,
        user_id: `bench-buyer-${i}`,
        idempotency_key: `bench-order-${i}`,
        status: "delivered",
        sub_total_paise: 100_000,
        shipping_paise: 0,
        tax_paise: 18_000,
        total_paise: 118_000,
        payment_method: "cod",
        ship_full_name: `Buyer ${i}`,
        ship_phone: "+91 98765 43210",
        ship_line1: "1 MG Road",
        ship_line2: null,
        ship_city: "Bengaluru",
        ship_state: "Karnataka",
        ship_postal_code: "560001",
        created_at: stamp,
        updated_at: stamp,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("user").values(users).execute();
      await trx.insertInto("orders").values(orders).execute();
    });
  }
  // Products: the popular ones first.
  for (let start = 0; start < PRODUCTS; start += 1000) {
    const products: Insertable<Database["products"]>[] = [];
    for (let i = start; i < Math.min(PRODUCTS, start + 1000); i++) {
      const name = `Bench product ${i}`;
      products.push({
        id: `bench-r-${i}`,
        name,
        name_key: name.toLowerCase(),
        description: name,
        price_paise: 99_900 + Math.floor(r() * 30_000_000),
        image_url: null,
        category: pick(PRODUCT_CATEGORIES),
        stock: Math.floor(r() * 50),
        featured: 0,
        specifications: "{}",
        vendor_id: pick(["vendor-1", "vendor-2", "vendor-3"]),
        status: "active",
        listed: 1,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    await db.insertInto("products").values(products).execute();
  }
  // Reviews: 600 on each popular product, the rest spread over the others (a fifth get none).
  const BATCH = 2000;
  const DAY = 86_400_000;
  const now = Date.now();
  for (let start = 0; start < REVIEWS; start += BATCH) {
    const rows: Insertable<Database["reviews"]>[] = [];
    for (let i = start; i < Math.min(REVIEWS, start + BATCH); i++) {
      // Spread evenly (a stride prime to the count) over four fifths of the other products.
      const product = i < POPULAR * POPULAR_REVIEWS ? Math.floor(i / POPULAR_REVIEWS) : POPULAR + ((i * 7919) % REVIEWED_OTHERS);
      // One review per buyer and product: buyer i mod BUYERS, offset by the product.
      const buyer = (i + product * 7) % BUYERS;
      const rating = pick([5, 5, 5, 4, 4, 3, 2, 1]);
      const at = new Date(now - Math.floor(r() * 365 * DAY)).toISOString();
      rows.push({
        id: `bench-review-${i}`,
        product_id: `bench-r-${product}`,
        user_id: `bench-buyer-${buyer}`,
        order_id: `bench-order-${buyer}`,
        rating,
        title: "Good value for the price",
        body: "Works as described. Delivery was on time and the packing was sturdy. ".repeat(1 + Math.floor(r() * 4)),
        status: r() < 0.01 ? "hidden" : "published",
        helpful_count: Math.floor(r() * r() * 40),
        reply_body: r() < 0.1 ? "Thank you for your review." : null,
        created_at: at,
        updated_at: at,
      });
    }
    await db.insertInto("reviews").values(rows).onConflict((oc) => oc.doNothing()).execute();
  }
  // The products' ratings, as recountRating keeps them, from what the table holds (a buyer drawn
  // twice for one product wrote one review: the conflict above kept the first).
  await db.transaction().execute(async (trx) => {
    const sums = await trx
      .selectFrom("reviews")
      .select((eb) => ["product_id", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("rating").as("s")])
      .where("status", "=", "published")
      .groupBy("product_id")
      .execute();
    for (const { product_id, n, s } of sums) {
      await trx.updateTable("products").set({ rating_count: Number(n), rating_sum: Number(s), rating_score: ratingScore(Number(n), Number(s)) }).where("id", "=", product_id).execute();
    }
  });
}

async function bench(label: string, db: Kysely<Database>, kind: BenchKind) {
  await prepareShop(db);
  const t0 = performance.now();
  await generate(db, kind);
  await analyze(db, kind);
  const total = await db.selectFrom("reviews").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  console.log(`\n${label}: generated ${PRODUCTS.toLocaleString("en-IN")} products and ${Number(total.n).toLocaleString("en-IN")} reviews in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log("a product page's reads".padEnd(56), "p50 ms".padStart(8), "p95 ms".padStart(8));
  const few = await db.selectFrom("products").select(["id", "rating_count"]).where("rating_count", ">", 0).orderBy("rating_count").orderBy("id").limit(1).executeTakeFirstOrThrow();
  const popular = await db.selectFrom("products").select("rating_count").where("id", "=", "bench-r-7").executeTakeFirstOrThrow();
  for (const [name, id] of [[`${popular.rating_count} reviews`, "bench-r-7"], [`${few.rating_count} reviews`, few.id]] as const) {
    for (const what of ["", "reviews=newest", "reviews=helpful&stars=1", "reviews=newest&rpage=30", "stars=5&rpage=20"]) {
      const query = parseReviewListQuery(new URLSearchParams(what));
      const { p50, p95 } = await time(async () => {
        await getProduct(db, id);
        await productReviews(db, id, query);
      });
      console.log(`${name}: ?${what}`.padEnd(56), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
    }
  }
  for (const qs of ["sort=rating", "rating=4", "category=Laptop&sort=rating", "category=Laptop&rating=4&sort=price-asc"]) {
    const query = parseCatalogQuery(new URLSearchParams(qs));
    const { p50, p95 } = await time(() => catalogPage(db, query));
    console.log(`/products?${qs}`.padEnd(56), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8));
  }
}

await onEachDatabase({ dirPrefix: "rc-bench-reviews-", schemaPrefix: "bench_reviews_" }, bench);
