import type { ReviewDto } from '@bazaar/shared';

/** Shapes of the catalogue calls, as spec §3 and §7 name their fields. */

export interface Category {
  _id: number;
  name: string;
  slug: string;
  image: string;
}

export interface SubcategoryGroup {
  categoryName: string;
  data: Category[];
}

export interface Product {
  _id: number;
  slug: string;
  name: string;
  brand: string;
  price: number;
  stock: number;
  images: string[];
  discount: number;
  rating: number;
  description: string;
  category: string;
  categorySlug?: string;
  shopName: string;
  sellerId: number;
  createdAt?: string;
}

export interface ProductGroup {
  title: string;
  products: Product[];
}

export interface SearchItem {
  name: string;
  slug: string;
  image: string;
  price: number;
  subcategory: string;
  subcategoryName: string;
}

export interface Banner {
  path: string;
  heading: string;
  description: string;
  buttonText: string;
}

export type Review = ReviewDto;

export interface RatingBucket {
  rating: number;
  sum: number;
}

export interface PriceRange {
  low: number;
  high: number;
}

export interface ProductQuery {
  low: number;
  high: number;
  category: string;
  rating: number | '';
  sortPrice: '' | 'low-to-high' | 'high-to-low';
  pageNumber: number;
  searchValue: string;
}
