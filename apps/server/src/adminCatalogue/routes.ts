import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminBannersResponseSchema,
  adminCategoriesResponseSchema,
  bannerFieldsSchema,
  bannerIdParamsSchema,
  categoryCreateSchema,
  categoryIdParamsSchema,
  categoryMoveSchema,
  categoryRenameSchema,
  reorderSchema,
  visibilitySchema,
} from '@bazaar/shared';
import { requireStaff } from '../auth/session';
import type { StaffActor } from '../audit/service';
import { declared, failures, signedIn } from '../http/routeSchema';
import { acceptPhotoUploads, uploadedFile } from '../photos/routes';
import * as service from '../flows/catalogueAdministration';
import { bannerList, categoryTree } from './service';

const UPLOAD_SUMMARY =
  'Upload the picture: multipart/form-data, the file (JPEG, PNG, WebP or AVIF, at most 10 MB) in "file"';

/**
 * The admin console's categories and banners (issue 17): admins only, every change audited. Each change answers
 * the whole list afterwards (a few dozen rows), so the console redraws from one answer.
 */
export async function adminCatalogueRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  await acceptPhotoUploads(api);
  const routes = declared(api);
  const adminsOnly = { tags: ['Admin console: catalogue'], security: signedIn.operator };
  const admin = async (request: FastifyRequest): Promise<StaffActor> => ({
    staff: await requireStaff(ctx, request, 'admin'),
    ip: request.ip,
  });
  const categories = { 200: adminCategoriesResponseSchema };
  const banners = { 200: adminBannersResponseSchema };

  routes.get(
    '/admin/categories',
    { schema: { ...adminsOnly, response: { ...categories, ...failures(401, 403) } } },
    async (request) => {
      await admin(request);
      return categoryTree(ctx.db);
    },
  );

  routes.post(
    '/admin/categories',
    {
      schema: {
        ...adminsOnly,
        summary: 'Create a group (no parentId) or a subcategory of a group, last in its list',
        body: categoryCreateSchema,
        response: { ...categories, ...failures(400, 401, 403) },
      },
    },
    async (request) => service.createCategory(ctx, await admin(request), request.body),
  );

  routes.patch(
    '/admin/categories/:categoryId',
    {
      schema: {
        ...adminsOnly,
        summary: 'Rename a category; its slug stays, so links to it keep working',
        params: categoryIdParamsSchema,
        body: categoryRenameSchema,
        response: { ...categories, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.renameCategory(ctx, await admin(request), request.params.categoryId, request.body.name),
  );

  routes.post(
    '/admin/categories/:categoryId/move',
    {
      schema: {
        ...adminsOnly,
        summary: 'Move a subcategory to the end of another group',
        params: categoryIdParamsSchema,
        body: categoryMoveSchema,
        response: { ...categories, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.moveCategory(ctx, await admin(request), request.params.categoryId, request.body.parentId),
  );

  routes.post(
    '/admin/categories/:categoryId/position',
    {
      schema: {
        ...adminsOnly,
        summary: 'Put a category at a place among its siblings (0 is first)',
        params: categoryIdParamsSchema,
        body: reorderSchema,
        response: { ...categories, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.reorderCategory(ctx, await admin(request), request.params.categoryId, request.body.position),
  );

  routes.post(
    '/admin/categories/:categoryId/visibility',
    {
      schema: {
        ...adminsOnly,
        summary: 'Hide a category from shoppers (a group hides its subcategories too) or show it again',
        params: categoryIdParamsSchema,
        body: visibilitySchema,
        response: { ...categories, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setCategoryHidden(ctx, await admin(request), request.params.categoryId, request.body.hidden),
  );

  routes.post(
    '/admin/categories/:categoryId/image',
    {
      schema: {
        ...adminsOnly,
        summary: UPLOAD_SUMMARY,
        params: categoryIdParamsSchema,
        response: { ...categories, ...failures(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request) =>
      service.setCategoryImage(ctx, await admin(request), request.params.categoryId, () =>
        uploadedFile(request),
      ),
  );

  routes.delete(
    '/admin/categories/:categoryId',
    {
      schema: {
        ...adminsOnly,
        summary: 'Delete an empty category; one with products or subcategories is refused (409): hide it',
        params: categoryIdParamsSchema,
        response: { ...categories, ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => service.deleteCategory(ctx, await admin(request), request.params.categoryId),
  );

  routes.get(
    '/admin/banners',
    { schema: { ...adminsOnly, response: { ...banners, ...failures(401, 403) } } },
    async (request) => {
      await admin(request);
      return bannerList(ctx.db);
    },
  );

  routes.post(
    '/admin/banners',
    {
      schema: {
        ...adminsOnly,
        summary: 'Create a banner, last and hidden until it has its picture and is shown',
        body: bannerFieldsSchema,
        response: { ...banners, ...failures(400, 401, 403) },
      },
    },
    async (request) => service.createBanner(ctx, await admin(request), request.body),
  );

  routes.put(
    '/admin/banners/:bannerId',
    {
      schema: {
        ...adminsOnly,
        params: bannerIdParamsSchema,
        body: bannerFieldsSchema,
        response: { ...banners, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => service.editBanner(ctx, await admin(request), request.params.bannerId, request.body),
  );

  routes.post(
    '/admin/banners/:bannerId/position',
    {
      schema: {
        ...adminsOnly,
        params: bannerIdParamsSchema,
        body: reorderSchema,
        response: { ...banners, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.reorderBanner(ctx, await admin(request), request.params.bannerId, request.body.position),
  );

  routes.post(
    '/admin/banners/:bannerId/visibility',
    {
      schema: {
        ...adminsOnly,
        params: bannerIdParamsSchema,
        body: visibilitySchema,
        response: { ...banners, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setBannerHidden(ctx, await admin(request), request.params.bannerId, request.body.hidden),
  );

  routes.post(
    '/admin/banners/:bannerId/image',
    {
      schema: {
        ...adminsOnly,
        summary: UPLOAD_SUMMARY,
        params: bannerIdParamsSchema,
        response: { ...banners, ...failures(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request) =>
      service.setBannerImage(ctx, await admin(request), request.params.bannerId, () => uploadedFile(request)),
  );

  routes.delete(
    '/admin/banners/:bannerId',
    {
      schema: {
        ...adminsOnly,
        params: bannerIdParamsSchema,
        response: { ...banners, ...failures(401, 403, 404) },
      },
    },
    async (request) => service.deleteBanner(ctx, await admin(request), request.params.bannerId),
  );
}
