import { z } from 'zod';

/**
 * The admin console's categories and banners (issue 17): the storefront's category tree (groups such as Mens and
 * their subcategories) and the banner art `GET /api/getallbannerItems` serves.
 */

export const adminCatalogueMessages = {
  categoryNotFound: 'Category not found',
  bannerNotFound: 'Banner not found',
  groupNotFound: 'Choose an existing group (Mens, Women, …) as the parent',
  onlySubcategoriesMove: 'Only a subcategory can move to another group',
  alreadyInGroup: 'The subcategory is already in that group',
  inUse: (products: number) =>
    `This category still has ${products} product${products === 1 ? '' : 's'}: hide it instead, or move its products first`,
  hasSubcategories: 'This group still has subcategories: move or delete them first, or hide the group',
  created: 'Category created',
  renamed: 'Category renamed',
  moved: 'Subcategory moved',
  reordered: 'Order saved',
  imageSaved: 'Image saved',
  hidden: 'Hidden from shoppers',
  shown: 'Shown to shoppers',
  deleted: 'Category deleted',
  bannerCreated: 'Banner created',
  bannerSaved: 'Banner saved',
  bannerDeleted: 'Banner deleted',
} as const;

const nameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(60, 'must be at most 60 characters');

const idSchema = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive();

export const categoryIdParamsSchema = z.object({ categoryId: idSchema });
export const bannerIdParamsSchema = z.object({ bannerId: idSchema });

export const adminCategorySchema = z
  .object({
    id: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    /** Stays what it was at creation: shoppers' links (/shops?category=slug) keep working after a rename. */
    slug: z.string(),
    image: z.string(),
    position: z.number(),
    hidden: z.boolean(),
    /** Products filed under it (any status): a category with products cannot be deleted. */
    productCount: z.number(),
  })
  .meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryGroupSchema = adminCategorySchema.extend({
  subcategories: z.array(adminCategorySchema),
});
export type AdminCategoryGroup = z.infer<typeof adminCategoryGroupSchema>;

export const adminCategoriesResponseSchema = z.object({
  /** Groups in storefront order, each with its subcategories in order. */
  groups: z.array(adminCategoryGroupSchema),
  /** What the last change did, for the console's notice. */
  message: z.string().optional(),
});
export type AdminCategoriesResponse = z.infer<typeof adminCategoriesResponseSchema>;

export const categoryCreateSchema = z.object({
  name: nameSchema,
  /** The group a subcategory goes in; null (or absent) makes a new group. Added last in its list. */
  parentId: idSchema.nullable().optional(),
});
export type CategoryCreateInput = z.output<typeof categoryCreateSchema>;

export const categoryRenameSchema = z.object({ name: nameSchema });
export const categoryMoveSchema = z.object({ parentId: idSchema });

/** Where a category or banner goes among its siblings: 0 is first; beyond the end means last. */
export const reorderSchema = z.object({
  position: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0'),
});
export type ReorderInput = z.output<typeof reorderSchema>;

export const visibilitySchema = z.object({ hidden: z.boolean({ error: 'must be true or false' }) });

export const adminBannerSchema = z
  .object({
    id: z.number(),
    /** The banner art's URL. */
    path: z.string(),
    heading: z.string(),
    description: z.string(),
    buttonText: z.string(),
    /** Where its button leads on the storefront. */
    link: z.string(),
    position: z.number(),
    hidden: z.boolean(),
  })
  .meta({ id: 'AdminBanner' });
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const adminBannersResponseSchema = z.object({
  banners: z.array(adminBannerSchema),
  message: z.string().optional(),
});
export type AdminBannersResponse = z.infer<typeof adminBannersResponseSchema>;

const bannerText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** A storefront path (`/shops?category=mens`): banners lead shoppers within the shop, never elsewhere. */
const storefrontLink = z
  .string({ error: 'is required' })
  .trim()
  .max(200, 'must be at most 200 characters')
  .regex(
    /^\/(?!\/)[^\s]*$/,
    'must be a path on this shop, starting with / (for example /shops?category=mens)',
  );

export const bannerFieldsSchema = z.object({
  heading: bannerText(80),
  description: bannerText(200),
  buttonText: bannerText(30),
  link: storefrontLink,
});
export type BannerFieldsInput = z.output<typeof bannerFieldsSchema>;
