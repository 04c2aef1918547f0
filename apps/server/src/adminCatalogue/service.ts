import {
  adminCatalogueMessages as messages,
  type AdminBanner,
  type AdminBannersResponse,
  type AdminCategoriesResponse,
  type AdminCategory,
} from '@bazaar/shared';
import { slugify } from '@bazaar/shared/slug';
import type { DB } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import * as repo from './repository';

/**
 * The admin console's view of categories and banners (issue 17), and the checks its changes share; the changes
 * themselves, with their audit rows, are in flows/catalogueAdministration.ts.
 */

const categoryOf = (row: repo.CategoryWithCount): AdminCategory => ({
  id: row.id,
  parentId: row.parent_id,
  name: row.name,
  slug: row.slug,
  image: row.image,
  position: row.position,
  hidden: row.hidden === 1,
  productCount: Number(row.product_count ?? 0),
});

export async function categoryTree(db: DB, message?: string): Promise<AdminCategoriesResponse> {
  const all = (await repo.categoriesWithCounts(db)).map(categoryOf);
  const groups = all
    .filter((category) => category.parentId === null)
    .map((group) => ({ ...group, subcategories: all.filter((c) => c.parentId === group.id) }));
  return message === undefined ? { groups } : { groups, message };
}

const bannerOf = (row: repo.BannerRecord): AdminBanner => ({
  id: row.id,
  path: row.path,
  heading: row.heading,
  description: row.description,
  buttonText: row.button_text,
  link: row.link,
  position: row.position,
  hidden: row.hidden === 1,
});

export async function bannerList(db: DB, message?: string): Promise<AdminBannersResponse> {
  const banners = (await repo.allBanners(db)).map(bannerOf);
  return message === undefined ? { banners } : { banners, message };
}

export async function existingCategory(trx: DB, id: number): Promise<repo.CategoryRecord> {
  const category = await repo.findCategory(trx, id);
  if (!category) throw notFound(messages.categoryNotFound);
  return category;
}

export async function existingGroup(trx: DB, id: number): Promise<repo.CategoryRecord> {
  const group = await repo.findCategory(trx, id);
  if (!group || group.parent_id !== null) throw badRequest(messages.groupNotFound, 'VALIDATION_FAILED');
  return group;
}

/** `ids` with `id` taken out and put back at `position` (clamped to the list). */
export function placed(ids: readonly number[], id: number, position: number): number[] {
  const rest = ids.filter((other) => other !== id);
  const at = Math.min(position, rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** A slug no other category has: the group's slug and the name ("mens-kurtas"), numbered if taken. */
export async function freeSlug(
  trx: DB,
  name: string,
  group: repo.CategoryRecord | undefined,
): Promise<string> {
  const base = [group?.slug, slugify(name)].filter(Boolean).join('-') || 'category';
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.slugTaken(trx, slug))) return slug;
  }
}

export const bannerFields = (
  banner: Pick<AdminBanner, 'heading' | 'description' | 'buttonText' | 'link'>,
) => ({
  heading: banner.heading,
  description: banner.description,
  buttonText: banner.buttonText,
  link: banner.link,
});

export async function existingBanner(trx: DB, id: number): Promise<AdminBanner> {
  const banner = await repo.findBanner(trx, id);
  if (!banner) throw notFound(messages.bannerNotFound);
  return bannerOf(banner);
}
