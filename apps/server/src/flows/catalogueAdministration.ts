import {
  adminCatalogueMessages as messages,
  type AdminBanner,
  type AdminBannersResponse,
  type AdminCategoriesResponse,
  type AuditAction,
  type BannerFieldsInput,
  type CategoryCreateInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { recordAudit, type StaffActor } from '../audit/service';
import { badRequest, conflict } from '../http/errors';
import { releasePhotoFiles, storeUploadedPhoto } from '../photos/service';
import * as repo from '../adminCatalogue/repository';
import {
  bannerFields,
  bannerList,
  categoryTree,
  existingBanner,
  existingCategory,
  existingGroup,
  freeSlug,
  placed,
} from '../adminCatalogue/service';

/**
 * The admin console's changes of categories and banners (issue 17). Each change and its audit row (before and
 * after) are one transaction. The storefront follows through the catalogue's change tracking: a write to
 * `categories` or `banners` retires the cached answers that read them (see cache/catalogueWrites.ts).
 *
 * A rename keeps the slug: shoppers' bookmarks, shared links and search engines know `/shops?category=<slug>`,
 * and the listing resolves a category by its slug or its name, so the new name works too.
 */

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'media' | 'log'>;

/** A change of one category with its audit row, in one transaction; the tree afterwards, with the message. */
async function changeCategory(
  ctx: Ctx,
  actor: StaffActor,
  categoryId: number,
  message: string,
  change: (
    trx: DB,
    category: repo.CategoryRecord,
  ) => Promise<{ action: AuditAction; before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<AdminCategoriesResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const category = await existingCategory(trx, categoryId);
    const { action, before, after } = await change(trx, category);
    await recordAudit(trx, actor, { action, subjectKind: 'category', subjectId: categoryId, before, after });
  });
  return categoryTree(ctx.db, message);
}

export async function createCategory(
  ctx: Ctx,
  actor: StaffActor,
  { name, parentId }: CategoryCreateInput,
): Promise<AdminCategoriesResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const group = parentId ? await existingGroup(trx, parentId) : undefined;
    const siblings = await repo.siblingIds(trx, ctx.dialect, group?.id ?? null);
    const slug = await freeSlug(trx, name, group);
    const values = { parent_id: group?.id ?? null, name, slug, image: '', position: siblings.length };
    const id = await repo.insertCategory(trx, values);
    await recordAudit(trx, actor, {
      action: 'category.create',
      subjectKind: 'category',
      subjectId: id,
      before: null,
      after: { name, slug, parentId: values.parent_id, position: values.position },
    });
  });
  return categoryTree(ctx.db, messages.created);
}

/** Renames a category (its slug stays); its products become searchable by the new name too. */
export const renameCategory = (ctx: Ctx, actor: StaffActor, categoryId: number, name: string) =>
  changeCategory(ctx, actor, categoryId, messages.renamed, async (trx, category) => {
    await repo.updateCategory(trx, categoryId, { name });
    const children = await repo.siblingIds(trx, ctx.dialect, categoryId);
    await repo.addSearchTerms(trx, [categoryId, ...children], name);
    return { action: 'category.rename', before: { name: category.name }, after: { name } };
  });

/**
 * Moves a subcategory to the end of another group; both groups' positions stay 0, 1, 2… Its products become
 * searchable by the new group's name.
 */
export const moveCategory = (ctx: Ctx, actor: StaffActor, categoryId: number, parentId: number) =>
  changeCategory(ctx, actor, categoryId, messages.moved, async (trx, category) => {
    if (category.parent_id === null) throw badRequest(messages.onlySubcategoriesMove, 'VALIDATION_FAILED');
    if (category.parent_id === parentId) throw conflict(messages.alreadyInGroup);
    const group = await existingGroup(trx, parentId);
    const [left, joined] = await Promise.all([
      repo.siblingIds(trx, ctx.dialect, category.parent_id),
      repo.siblingIds(trx, ctx.dialect, parentId),
    ]);
    await repo.updateCategory(trx, categoryId, { parent_id: parentId, position: joined.length });
    await repo.setPositions(
      trx,
      'categories',
      left.filter((id) => id !== categoryId),
    );
    await repo.addSearchTerms(trx, [categoryId], group.name);
    return {
      action: 'category.move',
      before: { parentId: category.parent_id, position: category.position },
      after: { parentId, position: joined.length },
    };
  });

/** Puts a category at `position` among its siblings (the groups, or its group's subcategories). */
export const reorderCategory = (ctx: Ctx, actor: StaffActor, categoryId: number, position: number) =>
  changeCategory(ctx, actor, categoryId, messages.reordered, async (trx, category) => {
    const order = placed(await repo.siblingIds(trx, ctx.dialect, category.parent_id), categoryId, position);
    await repo.setPositions(trx, 'categories', order);
    return {
      action: 'category.reorder',
      before: { position: category.position },
      after: { position: order.indexOf(categoryId) },
    };
  });

/** Hides a category from shoppers or shows it again (a hidden group hides its subcategories too). */
export const setCategoryHidden = (ctx: Ctx, actor: StaffActor, categoryId: number, hidden: boolean) =>
  changeCategory(ctx, actor, categoryId, hidden ? messages.hidden : messages.shown, async (trx, category) => {
    await repo.updateCategory(trx, categoryId, { hidden: hidden ? 1 : 0 });
    return {
      action: hidden ? 'category.hide' : 'category.show',
      before: { hidden: category.hidden === 1 },
      after: { hidden },
    };
  });

/**
 * Deletes an empty category. One with products (of any status: drafts and archived products are filed under it
 * too, and orders name it) or with subcategories is refused with 409: hide it instead.
 */
export async function deleteCategory(
  ctx: Ctx,
  actor: StaffActor,
  categoryId: number,
): Promise<AdminCategoriesResponse> {
  const image = await ctx.db.transaction().execute(async (trx) => {
    const category = await existingCategory(trx, categoryId);
    const contents = await repo.categoryContents(trx, categoryId);
    if (contents.products) throw conflict(messages.inUse(contents.products), 'CATEGORY_IN_USE');
    if (contents.children) throw conflict(messages.hasSubcategories, 'CATEGORY_IN_USE');
    const siblings = await repo.siblingIds(trx, ctx.dialect, category.parent_id);
    await repo.deleteCategory(trx, categoryId);
    await repo.setPositions(
      trx,
      'categories',
      siblings.filter((id) => id !== categoryId),
    );
    await recordAudit(trx, actor, {
      action: 'category.delete',
      subjectKind: 'category',
      subjectId: categoryId,
      before: { name: category.name, slug: category.slug, parentId: category.parent_id },
      after: null,
    });
    return category.image;
  });
  await releasePhotoFiles(ctx, [image]);
  return categoryTree(ctx.db, messages.deleted);
}

/**
 * Stores an uploaded picture through the product photos' pipeline, then runs `save` (the row's change and its
 * audit row) with its URL; the picture's files go again if `save` fails, the replaced picture's once it succeeded.
 */
async function withUploadedPicture(
  ctx: Ctx,
  readFile: () => Promise<Buffer | undefined>,
  save: (url: string) => Promise<string>,
): Promise<void> {
  const bytes = await readFile();
  if (!bytes?.length)
    throw badRequest('Choose a picture to upload (a multipart form with the file in field "file").');
  const { url, discard } = await storeUploadedPhoto(ctx, bytes);
  let replaced: string;
  try {
    replaced = await save(url);
  } catch (error) {
    await discard();
    throw error;
  }
  await releasePhotoFiles(ctx, [replaced]);
}

export async function setCategoryImage(
  ctx: Ctx,
  actor: StaffActor,
  categoryId: number,
  readFile: () => Promise<Buffer | undefined>,
): Promise<AdminCategoriesResponse> {
  await existingCategory(ctx.db, categoryId);
  await withUploadedPicture(ctx, readFile, (image) =>
    ctx.db.transaction().execute(async (trx) => {
      const category = await existingCategory(trx, categoryId);
      await repo.updateCategory(trx, categoryId, { image });
      await recordAudit(trx, actor, {
        action: 'category.image',
        subjectKind: 'category',
        subjectId: categoryId,
        before: { image: category.image },
        after: { image },
      });
      return category.image;
    }),
  );
  return categoryTree(ctx.db, messages.imageSaved);
}

// ---- Banners ----------------------------------------------------------------------------------------

async function changeBanner(
  ctx: Ctx,
  actor: StaffActor,
  bannerId: number,
  message: string,
  change: (
    trx: DB,
    banner: AdminBanner,
  ) => Promise<{ action: AuditAction; before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<AdminBannersResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const banner = await existingBanner(trx, bannerId);
    const { action, before, after } = await change(trx, banner);
    await recordAudit(trx, actor, { action, subjectKind: 'banner', subjectId: bannerId, before, after });
  });
  return bannerList(ctx.db, message);
}

/** A new banner, last, hidden until its picture is uploaded and the admin shows it. */
export async function createBanner(
  ctx: Ctx,
  actor: StaffActor,
  fields: BannerFieldsInput,
): Promise<AdminBannersResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const position = (await repo.bannerIds(trx, ctx.dialect)).length;
    const id = await repo.insertBanner(trx, {
      path: '',
      heading: fields.heading,
      description: fields.description,
      button_text: fields.buttonText,
      link: fields.link,
      position,
      hidden: 1,
    });
    await recordAudit(trx, actor, {
      action: 'banner.create',
      subjectKind: 'banner',
      subjectId: id,
      before: null,
      after: { ...bannerFields(fields), position, hidden: true },
    });
  });
  return bannerList(ctx.db, messages.bannerCreated);
}

export const editBanner = (ctx: Ctx, actor: StaffActor, bannerId: number, fields: BannerFieldsInput) =>
  changeBanner(ctx, actor, bannerId, messages.bannerSaved, async (trx, banner) => {
    await repo.updateBanner(trx, bannerId, {
      heading: fields.heading,
      description: fields.description,
      button_text: fields.buttonText,
      link: fields.link,
    });
    return { action: 'banner.edit', before: bannerFields(banner), after: bannerFields(fields) };
  });

export const reorderBanner = (ctx: Ctx, actor: StaffActor, bannerId: number, position: number) =>
  changeBanner(ctx, actor, bannerId, messages.reordered, async (trx, banner) => {
    const order = placed(await repo.bannerIds(trx, ctx.dialect), bannerId, position);
    await repo.setPositions(trx, 'banners', order);
    return {
      action: 'banner.reorder',
      before: { position: banner.position },
      after: { position: order.indexOf(bannerId) },
    };
  });

export const setBannerHidden = (ctx: Ctx, actor: StaffActor, bannerId: number, hidden: boolean) =>
  changeBanner(ctx, actor, bannerId, hidden ? messages.hidden : messages.shown, async (trx, banner) => {
    await repo.updateBanner(trx, bannerId, { hidden: hidden ? 1 : 0 });
    return {
      action: hidden ? 'banner.hide' : 'banner.show',
      before: { hidden: banner.hidden },
      after: { hidden },
    };
  });

export async function deleteBanner(
  ctx: Ctx,
  actor: StaffActor,
  bannerId: number,
): Promise<AdminBannersResponse> {
  const path = await ctx.db.transaction().execute(async (trx) => {
    const banner = await existingBanner(trx, bannerId);
    const rest = (await repo.bannerIds(trx, ctx.dialect)).filter((id) => id !== bannerId);
    await repo.deleteBanner(trx, bannerId);
    await repo.setPositions(trx, 'banners', rest);
    await recordAudit(trx, actor, {
      action: 'banner.delete',
      subjectKind: 'banner',
      subjectId: bannerId,
      before: { ...bannerFields(banner), path: banner.path },
      after: null,
    });
    return banner.path;
  });
  await releasePhotoFiles(ctx, [path]);
  return bannerList(ctx.db, messages.bannerDeleted);
}

export async function setBannerImage(
  ctx: Ctx,
  actor: StaffActor,
  bannerId: number,
  readFile: () => Promise<Buffer | undefined>,
): Promise<AdminBannersResponse> {
  await existingBanner(ctx.db, bannerId);
  await withUploadedPicture(ctx, readFile, (path) =>
    ctx.db.transaction().execute(async (trx) => {
      const banner = await existingBanner(trx, bannerId);
      await repo.updateBanner(trx, bannerId, { path });
      await recordAudit(trx, actor, {
        action: 'banner.image',
        subjectKind: 'banner',
        subjectId: bannerId,
        before: { path: banner.path },
        after: { path },
      });
      return banner.path;
    }),
  );
  return bannerList(ctx.db, messages.imageSaved);
}
