import { isDone, markDone } from "~/db/meta.server";
import { createAccountWithRole, type Identity } from "~/modules/identity/accounts.server";
import { CARRIERS } from "~/modules/orders/shipment";
import { answerReview } from "~/modules/reviews/moderation.server";
import { reportReview, voteHelpful, writeReview } from "~/modules/reviews/reviews.server";
import { demoAccounts, demoShoppers, type DemoAccount } from "./demo-accounts";
import { demoProducts } from "./demo-catalog";
import { writeDemoOrder, type PlannedOrder } from "./demo-orders";

const DEMO_REVIEWS_KEY = "demo_reviews_seeded";
const DAY = 86_400_000;

/** What demo shoppers say, by stars; each product's reviews take turns through them. */
const SAYINGS: { rating: number; title: string; body: string }[] = [
  { rating: 5, title: "Exactly as described", body: "Arrived well packed and a day early. Works perfectly out of the box and the build quality is excellent for the price." },
  { rating: 4, title: "Very good, one small niggle", body: "Does everything I bought it for. The manual could be clearer, but setup took ten minutes with the online guide." },
  { rating: 5, title: "Worth every rupee", body: "Compared prices across shops for weeks; this was the best deal with a proper GST invoice. Running daily for a month now without a hitch." },
  { rating: 3, title: "Good, but not great", body: "Performance is fine for the money. It runs a little warm under load and the packaging had a dent, though nothing inside was damaged." },
  { rating: 4, title: "Solid purchase", body: "Quality feels premium and it has been reliable so far. Delivery to my PIN code took five days, as promised at checkout." },
  { rating: 2, title: "Expected better", body: "It works, but the finish scratches easily and the included cable is short. The seller answered my question quickly, which helped." },
  { rating: 5, title: "Highly recommended", body: "Upgraded from an older model and the difference is huge. Silent, fast and easy to set up. Would buy from this seller again." },
];

const SSD = "product-samsung-990-pro-2tb";
const MOUSE = "product-logitech-mx-master-3s";
const MONITOR = "product-lg-ultragear-27gr75q";
const GPU = "product-zotac-geforce-rtx-5070-twin-edge-oc";
const KEYBOARD = "product-logitech-g213-prodigy";
const HEADPHONES = "product-sony-wh-1000xm5";
const LAPTOP = "product-asus-tuf-gaming-a15";
const DRIVE = "product-wd-my-passport-2tb";

/** Products that carry demo reviews, and how many (2 to 6): the rest stay without, as a new shop's would. */
const REVIEWED: { productId: string; count: number; photos?: string[]; reply?: string }[] = [
  { productId: SSD, count: 6, photos: ["/images/products/samsung-990-pro-2tb.svg"], reply: "Thank you for the detailed review! For best speeds, install the heatsink version in the slot nearest the CPU." },
  { productId: MOUSE, count: 5, photos: ["/images/products/logitech-mx-master-3s.svg"] },
  { productId: MONITOR, count: 4, reply: "Sorry about the dented box. Please write to us with your order number if anything stops working; it is covered by the warranty." },
  { productId: GPU, count: 4, photos: ["/images/products/zotac-geforce-rtx-5070-twin-edge-oc.svg", "/images/products/rc-gaming-pc-ryzen-7-7800x3d-rtx-5070.svg"] },
  { productId: KEYBOARD, count: 3, reply: "Thanks for buying from us. The longer USB cable is available as a spare; ask us on WhatsApp." },
  { productId: HEADPHONES, count: 3 },
  { productId: LAPTOP, count: 2 },
  { productId: DRIVE, count: 2 },
];

/**
 * Reviewers of their own, so a few products have more reviews than the demo shoppers' orders give:
 * each bought a few things in one cash-on-delivery order, delivered weeks ago. Kept apart from the
 * demo shoppers, so the figures other demo pages and tests rely on (demo-orders.ts) stay the same.
 */
export const demoReviewers: (DemoAccount & { address: NonNullable<DemoAccount["address"]>; phone: string; order: { number: string; productIds: string[]; placedDaysAgo: number } })[] = [
  { name: "Rohan Kulkarni", email: "rohan.kulkarni@example.com", phone: "+91 98230 45454", address: { streetAddress: "18, Law College Road", city: "Pune", state: "Maharashtra", postalCode: "411004" }, order: { number: "RC-180101", productIds: [SSD, MOUSE, MONITOR, GPU, DRIVE], placedDaysAgo: 80 } },
  { name: "Meenakshi Sundaram", email: "meenakshi.sundaram@example.com", phone: "+91 98400 56565", address: { streetAddress: "4, Cathedral Road", city: "Chennai", state: "Tamil Nadu", postalCode: "600086" }, order: { number: "RC-180102", productIds: [SSD, MOUSE, MONITOR, GPU, LAPTOP], placedDaysAgo: 71 } },
  { name: "Harpreet Kaur", email: "harpreet.kaur@example.com", phone: "+91 98140 67676", address: { streetAddress: "House 221, Sector 35", city: "Chandigarh", state: "Chandigarh", postalCode: "160022" }, order: { number: "RC-180103", productIds: [SSD, MOUSE, HEADPHONES, GPU], placedDaysAgo: 62 } },
  { name: "Devika Menon", email: "devika.menon@example.com", phone: "+91 98950 78787", address: { streetAddress: "22, Panampilly Nagar", city: "Kochi", state: "Kerala", postalCode: "682036" }, order: { number: "RC-180104", productIds: [SSD, MONITOR, KEYBOARD, LAPTOP, DRIVE], placedDaysAgo: 53 } },
  { name: "Siddharth Jain", email: "siddharth.jain@example.com", phone: "+91 98290 89898", address: { streetAddress: "9, C-Scheme", city: "Jaipur", state: "Rajasthan", postalCode: "302001" }, order: { number: "RC-180105", productIds: [SSD, MOUSE, HEADPHONES], placedDaysAgo: 44 } },
  { name: "Lakshmi Narayanan", email: "lakshmi.narayanan@example.com", phone: "+91 98860 90909", address: { streetAddress: "31, 4th Block, Jayanagar", city: "Bengaluru", state: "Karnataka", postalCode: "560011" }, order: { number: "RC-180106", productIds: [GPU, KEYBOARD, HEADPHONES, DRIVE], placedDaysAgo: 35 } },
].map((r) => ({ ...r, password: "Customer@123", role: "customer" as const }));

/** Who writes the advertisement (a demo reviewer, by position), and what. */
const SPAMMER = 5;
const SPAM = { productId: DRIVE, rating: 2, title: "Cheaper deals on my channel", body: "Product is ok but search my name on video sites for better prices and coupon codes every week." };

/** The reviewers' orders, each seller's part delivered five days after it was placed. */
function reviewerOrder(r: (typeof demoReviewers)[number], n: number, now: Date): Omit<PlannedOrder, "shopper"> {
  const placedAt = new Date(Math.floor((now.getTime() - r.order.placedDaysAgo * DAY) / 60_000) * 60_000);
  const after = (days: number) => new Date(placedAt.getTime() + days * DAY);
  const lines = r.order.productIds.map((id) => {
    const p = demoProducts.find((x) => x.id === id)!;
    return { productId: p.id, name: p.name, category: p.category, vendorId: p.vendorId, unitPrice: p.pricePaise, quantity: 1 };
  });
  const vendors = [...new Set(lines.map((l) => l.vendorId))];
  return {
    number: r.order.number,
    paymentMethod: "cod",
    placedAt,
    lines,
    parts: vendors.map((vendorId, v) => ({
      vendorId,
      status: "delivered",
      steps: [
        { status: "processing", at: after(0.5) },
        { status: "shipped", at: after(1.5) },
        { status: "delivered", at: after(5) },
      ],
      carrier: CARRIERS[(n + v) % CARRIERS.length]!,
      trackingNumber: String(7_200_000_000 + n * 104_729 + v),
    })),
  };
}

/**
 * Reviews from the demo shoppers of items delivered to them (their demo orders), written through
 * the reviews module a few days after each delivery: a few products with 2 to 6 reviews, some with
 * photos (the demo's own product images), some with the seller's answer and helpful votes. The demo
 * customer has one review (of the SSD), and delivered items still to review. Written once.
 */
export async function seedDemoReviews(identity: Identity, now = new Date()): Promise<boolean> {
  const { db } = identity;
  if (await isDone(db, DEMO_REVIEWS_KEY)) return false;
  const customer = demoAccounts.find((a) => a.role === "customer")!;
  if (!(await db.selectFrom("user").select("id").where("email", "=", customer.email).executeTakeFirst())) return false;
  const reviewerIds: string[] = [];
  for (const r of demoReviewers) {
    const existing = await db.selectFrom("user").select("id").where("email", "=", r.email).executeTakeFirst();
    reviewerIds.push(existing?.id ?? (await createAccountWithRole(identity, r)));
  }
  const written = await db.selectFrom("orders").select("id").where("number", "in", demoReviewers.map((r) => r.order.number)).limit(1).executeTakeFirst();
  if (!written) {
    await db.transaction().execute(async (trx) => {
      for (const [n, r] of demoReviewers.entries()) await writeDemoOrder(trx, reviewerOrder(r, n, now), { userId: reviewerIds[n]!, name: r.name, phone: r.phone, address: r.address });
    });
  }
  const people = await db
    .selectFrom("user")
    .select(["id", "email"])
    .where("email", "in", [customer.email, ...demoShoppers.map((s) => s.email), ...demoReviewers.map((r) => r.email)])
    .execute();
  const shopperIds = people.filter((p) => p.email !== customer.email).map((p) => p.id);
  const priya = people.find((p) => p.email === customer.email)?.id;
  if (shopperIds.length === 0) return false;
  const delivered = await db
    .selectFrom("order_items")
    .innerJoin("order_parts", (j) => j.onRef("order_parts.order_id", "=", "order_items.order_id").onRef("order_parts.vendor_id", "=", "order_items.vendor_id"))
    .select(["order_items.product_id", "order_parts.customer_user_id", "order_parts.delivered_at"])
    .where("order_parts.status", "=", "delivered")
    .where("order_parts.customer_user_id", "in", shopperIds)
    .orderBy("order_parts.delivered_at")
    .orderBy("order_items.id")
    .execute();
  const owners = new Map((await db.selectFrom("vendors").select(["id", "owner_user_id"]).execute()).map((v) => [v.id, v.owner_user_id]));
  const at = (deliveredAt: string, days: number) => new Date(Math.min(new Date(deliveredAt).getTime() + days * DAY, now.getTime() - 3_600_000));

  let n = 0;
  for (const plan of REVIEWED) {
    const product = demoProducts.find((p) => p.id === plan.productId);
    if (!product) continue;
    const buyers = new Map<string, string>();
    for (const d of delivered) if (d.product_id === plan.productId && !buyers.has(d.customer_user_id) && d.delivered_at) buyers.set(d.customer_user_id, d.delivered_at);
    const written: { id: string; userId: string }[] = [];
    for (const [k, [userId, deliveredAt]] of [...buyers].slice(0, plan.count).entries()) {
      const saying = SAYINGS[(n + k) % SAYINGS.length]!;
      const photos = k === 0 && plan.photos ? plan.photos : null;
      const r = await writeReview(db, { id: userId, role: "customer" }, { productId: plan.productId, ...saying, photos }, at(deliveredAt, 2 + k));
      if (r.ok) written.push({ id: r.id, userId });
    }
    n += written.length;
    // Other shoppers found the first reviews helpful.
    for (const [k, w] of written.slice(0, 3).entries()) {
      for (const voter of shopperIds.slice(0, 3 - k)) if (voter !== w.userId) await voteHelpful(db, { id: voter, role: "customer" }, w.id, now);
    }
    const owner = owners.get(product.vendorId);
    const first = written[0];
    if (plan.reply && owner && first) {
      await answerReview({ db }, { userId: owner, vendorId: product.vendorId }, { reviewId: first.id, values: { answer: plan.reply } }, new Date(now.getTime() - 2 * 3_600_000));
    }
  }
  // One review that is really an advertisement, reported by two shoppers: the admin's Reviews page
  // has something to decide.
  const spammer = reviewerIds[SPAMMER];
  const spamDelivered = delivered.find((d) => d.product_id === SPAM.productId && d.customer_user_id === spammer);
  if (spammer && spamDelivered?.delivered_at) {
    const spam = await writeReview(db, { id: spammer, role: "customer" }, { ...SPAM, photos: null }, at(spamDelivered.delivered_at, 4));
    if (spam.ok) for (const reporter of shopperIds.filter((id) => id !== spammer).slice(0, 2)) await reportReview(db, { id: reporter, role: "customer" }, spam.id, "spam", now);
  }
  // The demo customer reviewed the SSD delivered weeks ago (RC-190003); the keyboard, the graphics card and the mouse are still to review.
  if (priya) {
    await writeReview(
      db,
      { id: priya, role: "customer" },
      { productId: "product-samsung-990-pro-2tb", rating: 5, title: "Blazing fast boot drive", body: "Windows boots in seconds and games load noticeably quicker than on my old SATA SSD.", photos: null },
      new Date(now.getTime() - 20 * DAY),
    );
  }
  await markDone(db, DEMO_REVIEWS_KEY, now);
  return true;
}
