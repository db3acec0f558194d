import { memo, useId, useMemo, useState, type MouseEvent } from "react";
import { Link } from "~/lib/route-links";
import { Money } from "~/components/ui/Money";
import { Static } from "~/components/ui/Static";
import { keptButtonClicked, passClickToLive } from "~/components/ui/kept-until-used";
import type { ProductSummary } from "~/modules/catalog/product";
import { CompareCardButton } from "~/components/compare/CompareToggle";
import { WishlistCardButton } from "~/components/wishlist/WishlistButton";
import { useWishlistState } from "~/components/wishlist/wishlist-state";
import { useCompareList } from "~/modules/visitor/visitor";
import { AddToCartButton, cardFormIds, ProductCardForms, type CardFormIds } from "./AddToCartForm";
import { MrpSaving, PriceWithGst } from "./PriceWithGst";
import { Stars } from "./Stars";

interface ProductCardProps {
  product: ProductSummary;
  forms: CardFormIds;
  /** Whether the buttons are React's yet (ProductGrid says when); a card alone always is. */
  live?: boolean;
  eager?: boolean;
  first?: boolean;
}

/**
 * `eager`: in the first screenful, so not lazy; `first`: the page's largest first paint (LCP), fetched first.
 * `forms`: the grid's shared forms its buttons submit without JavaScript (ProductCardForms). A card
 * is repeated 24 times a page, so it keeps to few elements (tests/support/page-budget.ts).
 */
export const ProductCard = memo(function ProductCard({ product, forms, live = true, eager = false, first = false }: ProductCardProps) {
  const href = `/products/${encodeURIComponent(product.id)}`;
  const outOfStock = product.stock <= 0;
  return (
    // The card is its own padded column; the picture reaches its edges by negative margins, so the text needs no wrapper.
    <article className="group flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md sm:p-4">
      <Static className="contents" version={`${product.name} ${product.image} ${product.pricePaise} ${product.mrpPaise} ${product.stock} ${product.featured} ${product.rating.count} ${product.rating.average} ${eager} ${first}`}>
        <Link to={href} className="relative -mx-3 -mt-3 mb-3 block aspect-[4/3] overflow-hidden bg-gray-50 sm:-mx-4 sm:-mt-4 sm:mb-4" tabIndex={-1} aria-hidden="true">
          <img
            src={product.image}
            alt=""
            width={800}
            height={600}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={first ? "high" : undefined}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
          {product.featured && (
            <span className="absolute left-3 top-3 rounded-full bg-pink-600 px-2.5 py-1 text-xs font-semibold text-white">Featured</span>
          )}
          {outOfStock && (
            <span className="absolute right-3 top-3 rounded-full bg-gray-900 px-2.5 py-1 text-xs font-semibold text-white">Out of Stock</span>
          )}
        </Link>
        <p className="text-xs font-semibold uppercase tracking-wide text-gray-600">{product.category}</p>
        <h3 className="mt-1 line-clamp-2 text-sm font-semibold text-gray-900 sm:text-base">
          <Link to={href} className="hover:text-pink-700">
            {product.name}
          </Link>
        </h3>
        {product.rating.count > 0 && <Stars rating={product.rating} className="mt-1" />}
        <Money paise={product.pricePaise} className="mt-auto pt-3 text-lg font-bold text-gray-900" />
        <PriceWithGst paise={product.pricePaise} className="text-xs text-gray-700 sm:text-sm" />
        <MrpSaving paise={product.pricePaise} mrpPaise={product.mrpPaise} compact className="text-xs text-gray-600" />
      </Static>
      {/* The buttons as the server wrote them until the card comes alive (ProductGrid). One wrapping
          row: Add to Cart on its line, its message on the next (full width), then Compare and the
          heart at either end of a line 31px high (the height the row had when each button sat in a
          form's line box, so the cards keep theirs). */}
      <Static className="mt-3 flex flex-wrap items-center justify-between gap-x-2 [&>p]:basis-full" version={live ? `live ${product.name} ${product.stock}` : ""}>
        <AddToCartButton productId={product.id} productName={product.name} stock={product.stock} form={forms.cart} />
        <CompareCardButton productId={product.id} productName={product.name} forms={forms.compare} />
        <WishlistCardButton productId={product.id} productName={product.name} forms={forms.wishlist} />
      </Static>
    </article>
  );
});

/**
 * Which of a grid's cards have their buttons alive: none as the page hydrates (three buttons with
 * a fetcher each, two dozen times, were most of a listing's script at load), then a card once it
 * is clicked, and every card the visitor's answer marks (a heart or a Compare tick pressed). A card
 * stays alive once it is. A click on a button still as written is passed on to the live one, with
 * the focus it had (docs/decisions/028-less-hydration.md).
 */
function useLiveCards(products: readonly ProductSummary[]) {
  const [clicked, setClicked] = useState<ReadonlySet<string>>(() => new Set());
  const { ids: wishlisted } = useWishlistState();
  const { ids: compared } = useCompareList();
  const [marked, setMarked] = useState<ReadonlySet<string>>(() => new Set());
  const newlyMarked = [...wishlisted, ...compared].filter((id) => !marked.has(id) && products.some((p) => p.id === id));
  // Derived while rendering (React's "storing information from previous renders"): marks only add.
  if (newlyMarked.length > 0) setMarked(new Set([...marked, ...newlyMarked]));

  const onClick = (e: MouseEvent<HTMLElement>) => {
    const button = keptButtonClicked(e, e.currentTarget);
    const card = button?.closest<HTMLElement>("[data-card]");
    const id = card?.dataset.card;
    if (!button || !card || id === undefined || clicked.has(id) || marked.has(id)) return;
    passClickToLive(e, card, button, () => setClicked(new Set([...clicked, id])));
  };
  return { isLive: (id: string) => clicked.has(id) || marked.has(id), onClick };
}

/**
 * Memoised: the page around it renders again after hydration (a hook that learns it is hydrated, the
 * visitor's answer), and two dozen cards need not follow while their products are the same
 * (docs/decisions/028-less-hydration.md).
 */
export const ProductGrid = memo(function ProductGrid({ products, eagerCount = 0 }: { products: ProductSummary[]; eagerCount?: number }) {
  const prefix = useId();
  const forms = useMemo(() => cardFormIds(prefix), [prefix]);
  const { isLive, onClick } = useLiveCards(products);
  return (
    <>
      {/* Not a control of its own: it passes a button's click (mouse, keys or touch) on to the live button (useLiveCards). */}
      <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4" onClick={onClick}>
        {products.map((p, i) => (
          <li key={p.id} className="flex" data-card={p.id}>
            <ProductCard product={p} forms={forms} live={isLive(p.id)} eager={i < eagerCount} first={i === 0 && eagerCount > 0} />
          </li>
        ))}
      </ul>
      <ProductCardForms ids={forms} />
    </>
  );
});
