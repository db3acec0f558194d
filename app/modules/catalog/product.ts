import type { ProductCategory } from "./categories";
import type { ProductDeclarations } from "./declarations";
import type { Rating } from "./ratings";
import type { Specifications } from "./specifications";

/** What a product card needs. */
export interface ProductSummary {
  id: string;
  name: string;
  pricePaise: number;
  image: string;
  category: ProductCategory;
  stock: number;
  featured: boolean;
  /** The declared MRP, inclusive of all taxes; null until the seller declares it. */
  mrpPaise: number | null;
  /** Its published reviews' count and average stars (ratings.ts), the same figure everywhere. */
  rating: Rating;
}

export interface Product extends ProductSummary {
  description: string;
  specifications: Specifications;
  vendorId: string;
  vendorName: string;
  updatedAt: string;
  /** What a shopper is told before buying (docs/product-rules.md, "Product declarations"). */
  declarations: ProductDeclarations;
}

