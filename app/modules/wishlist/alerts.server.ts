import type { JobPayloads } from "~/modules/jobs/jobs";
import type { Store } from "~/modules/jobs/outbox.server";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { wishlistBackInStock, wishlistPriceDrop } from "./mail";
import { ALERT_BATCH_SIZE } from "./wishlist";

/**
 * The `product.changed` job (added where a product is saved, catalog/products.server.ts): mails
 * the product's subscribers, `batchSize` to a transaction, each row claimed by a conditional
 * update before its mail is queued, so a retried job or two workers mail no one twice
 * (docs/product-rules.md, "Wishlist and alerts"):
 * - back in stock (it was out, now it is in): once per such change, to every row with alerts on;
 * - price drop: to every row with alerts on whose saved price is above today's price, unless the
 *   last price-drop mail already announced this price or a lower one.
 * Nothing is sent for a product the shop no longer lists, or to a customer who turned alerts off.
 */
export async function announceProductChange(
  { db, outbox }: Store,
  change: JobPayloads["product.changed"],
  batchSize = ALERT_BATCH_SIZE,
): Promise<{ backInStock: number; priceDrop: number }> {
  const sent = { backInStock: 0, priceDrop: 0 };
  const product = await db.selectFrom("products").select(["id", "stock", "listed"]).where("id", "=", change.productId).executeTakeFirst();
  if (!product || Number(product.listed) !== 1) return sent;
  if (change.oldStock <= 0 && change.newStock > 0 && Number(product.stock) > 0) sent.backInStock = await inBatches({ db, outbox }, change, "stock", batchSize);
  if (change.newPricePaise < change.oldPricePaise) sent.priceDrop = await inBatches({ db, outbox }, change, "price", batchSize);
  return sent;
}

async function inBatches({ db, outbox }: Store, change: JobPayloads["product.changed"], kind: "stock" | "price", batchSize: number): Promise<number> {
  let after = "";
  let mailed = 0;
  for (;;) {
    const { seen, last, queued } = await db.transaction().execute(async (trx) => {
      // Read in the batch's transaction: a later edit is seen as it is now.
      const p = await trx.selectFrom("products").select(["id", "name", "price_paise", "stock", "listed"]).where("id", "=", change.productId).executeTakeFirst();
      if (!p || Number(p.listed) !== 1 || (kind === "stock" && Number(p.stock) <= 0)) return { seen: 0, last: after, queued: 0 };
      const price = Number(p.price_paise);
      let q = trx
        .selectFrom("wishlist_items")
        .innerJoin("user", "user.id", "wishlist_items.user_id")
        .select(["wishlist_items.user_id", "wishlist_items.saved_price_paise", "user.name", "user.email"])
        .where("wishlist_items.product_id", "=", p.id)
        .where("wishlist_items.notify", "=", 1)
        .where("wishlist_items.user_id", ">", after)
        // Saved after the change: nothing changed for them.
        .where("wishlist_items.created_at", "<=", change.changedAt);
      q =
        kind === "stock"
          ? q.where((eb) => eb.or([eb("wishlist_items.stock_notified_at", "is", null), eb("wishlist_items.stock_notified_at", "<", change.changedAt)]))
          : q
              .where("wishlist_items.saved_price_paise", ">", price)
              .where((eb) => eb.or([eb("wishlist_items.price_notified_paise", "is", null), eb("wishlist_items.price_notified_paise", ">", price)]));
      const rows = await q.orderBy("wishlist_items.user_id").limit(batchSize).execute();
      let queued = 0;
      for (const r of rows) {
        // Claim the row: only the update that changes it sends the mail.
        const claim =
          kind === "stock"
            ? trx
                .updateTable("wishlist_items")
                .set({ stock_notified_at: change.changedAt })
                .where((eb) => eb.or([eb("stock_notified_at", "is", null), eb("stock_notified_at", "<", change.changedAt)]))
            : trx
                .updateTable("wishlist_items")
                .set({ price_notified_paise: price })
                .where((eb) => eb.or([eb("price_notified_paise", "is", null), eb("price_notified_paise", ">", price)]));
        const claimed = await claim.where("user_id", "=", r.user_id).where("product_id", "=", p.id).where("notify", "=", 1).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        const facts = {
          customerName: r.name,
          productName: p.name,
          price,
          productUrl: outbox.link(`/products/${encodeURIComponent(p.id)}`),
          wishlistUrl: outbox.link("/wishlist"),
        };
        await queueMail(trx, outbox, {
          kind: kind === "stock" ? "wishlist-back-in-stock" : "wishlist-price-drop",
          to: r.email,
          reference: p.id,
          content: kind === "stock" ? wishlistBackInStock(facts) : wishlistPriceDrop({ ...facts, savedPrice: Number(r.saved_price_paise) }),
        });
        queued++;
      }
      return { seen: rows.length, last: rows.at(-1)?.user_id ?? after, queued };
    });
    mailed += queued;
    if (seen < batchSize) return mailed;
    after = last;
  }
}

