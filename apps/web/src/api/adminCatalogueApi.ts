import type {
  AdminBannersResponse,
  AdminCategoriesResponse,
  BannerFieldsInput,
  CategoryCreateInput,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/** What a category change makes stale: the tree, the audit log, and the storefront's category reads. */
const CATEGORY_CHANGE = ['AdminCategories', 'AdminAudit', 'Catalog', 'Product'] as const;
const BANNER_CHANGE = ['AdminBanners', 'AdminAudit', 'Catalog'] as const;

/** A picture for an upload route: multipart/form-data, the file in field "file". */
function pictureForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/**
 * The admin console's categories and banners (issue 17). Every change answers the whole list afterwards, with a
 * message, so the page redraws from the answer.
 */
export const adminCatalogueApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminCategories: build.query<AdminCategoriesResponse, void>({
      query: () => '/admin/categories',
      providesTags: ['AdminCategories'],
    }),
    createCategory: build.mutation<AdminCategoriesResponse, CategoryCreateInput>({
      query: (body) => ({ path: '/admin/categories', method: 'POST', body }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    renameCategory: build.mutation<AdminCategoriesResponse, { id: number; name: string }>({
      query: ({ id, name }) => ({ path: `/admin/categories/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    moveCategory: build.mutation<AdminCategoriesResponse, { id: number; parentId: number }>({
      query: ({ id, parentId }) => ({
        path: `/admin/categories/${id}/move`,
        method: 'POST',
        body: { parentId },
      }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    positionCategory: build.mutation<AdminCategoriesResponse, { id: number; position: number }>({
      query: ({ id, position }) => ({
        path: `/admin/categories/${id}/position`,
        method: 'POST',
        body: { position },
      }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    hideCategory: build.mutation<AdminCategoriesResponse, { id: number; hidden: boolean }>({
      query: ({ id, hidden }) => ({
        path: `/admin/categories/${id}/visibility`,
        method: 'POST',
        body: { hidden },
      }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    categoryImage: build.mutation<AdminCategoriesResponse, { id: number; file: File }>({
      query: ({ id, file }) => ({
        path: `/admin/categories/${id}/image`,
        method: 'POST',
        body: pictureForm(file),
      }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    deleteCategory: build.mutation<AdminCategoriesResponse, { id: number }>({
      query: ({ id }) => ({ path: `/admin/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    getAdminBanners: build.query<AdminBannersResponse, void>({
      query: () => '/admin/banners',
      providesTags: ['AdminBanners'],
    }),
    createBanner: build.mutation<AdminBannersResponse, BannerFieldsInput>({
      query: (body) => ({ path: '/admin/banners', method: 'POST', body }),
      invalidatesTags: [...BANNER_CHANGE],
    }),
    editBanner: build.mutation<AdminBannersResponse, BannerFieldsInput & { id: number }>({
      query: ({ id, ...body }) => ({ path: `/admin/banners/${id}`, method: 'PUT', body }),
      invalidatesTags: [...BANNER_CHANGE],
    }),
    positionBanner: build.mutation<AdminBannersResponse, { id: number; position: number }>({
      query: ({ id, position }) => ({
        path: `/admin/banners/${id}/position`,
        method: 'POST',
        body: { position },
      }),
      invalidatesTags: [...BANNER_CHANGE],
    }),
    hideBanner: build.mutation<AdminBannersResponse, { id: number; hidden: boolean }>({
      query: ({ id, hidden }) => ({
        path: `/admin/banners/${id}/visibility`,
        method: 'POST',
        body: { hidden },
      }),
      invalidatesTags: [...BANNER_CHANGE],
    }),
    bannerImage: build.mutation<AdminBannersResponse, { id: number; file: File }>({
      query: ({ id, file }) => ({
        path: `/admin/banners/${id}/image`,
        method: 'POST',
        body: pictureForm(file),
      }),
      invalidatesTags: [...BANNER_CHANGE],
    }),
    deleteBanner: build.mutation<AdminBannersResponse, { id: number }>({
      query: ({ id }) => ({ path: `/admin/banners/${id}`, method: 'DELETE' }),
      invalidatesTags: [...BANNER_CHANGE],
    }),
  }),
});

export const {
  useGetAdminCategoriesQuery,
  useCreateCategoryMutation,
  useRenameCategoryMutation,
  useMoveCategoryMutation,
  usePositionCategoryMutation,
  useHideCategoryMutation,
  useCategoryImageMutation,
  useDeleteCategoryMutation,
  useGetAdminBannersQuery,
  useCreateBannerMutation,
  useEditBannerMutation,
  usePositionBannerMutation,
  useHideBannerMutation,
  useBannerImageMutation,
  useDeleteBannerMutation,
} = adminCatalogueApi;
