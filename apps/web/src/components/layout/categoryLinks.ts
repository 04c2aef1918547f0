import type { CategoryDto, SubcategoryGroupDto } from '@bazaar/shared';

/** The header's category links carry the category id (spec: /shops?category={category id}). */
export function categoryPath(category: Pick<CategoryDto, '_id'>): string {
  return `/shops?category=${category._id}`;
}

/** The subcategories listed under a top-level category, matched by the group's name. */
export function subcategoriesOf(
  category: CategoryDto,
  groups: readonly SubcategoryGroupDto[],
): CategoryDto[] {
  return groups.find((group) => group.categoryName === category.name)?.data ?? [];
}
