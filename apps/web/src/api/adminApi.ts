import type {
  AdminCustomerDetailResponse,
  AdminCustomerListResponse,
  AdminCustomerResponse,
  AdminSellerDecision,
  AdminSellerListResponse,
  AdminSellerResponse,
  AuditAction,
  AuditActorKind,
  AuditResponse,
  HsnRateChange,
  HsnRateListResponse,
  HsnRateResponse,
  MarketplaceSettings,
  MarketplaceSettingsResponse,
  SellerStatus,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

export interface AdminSellerListArgs {
  status: SellerStatus;
  q: string;
  page: number;
}

export interface AdminCustomerListArgs {
  q: string;
  page: number;
}

export interface AuditArgs {
  q: string;
  action: AuditAction | '';
  actor: AuditActorKind | '';
  page: number;
}

/** A query string of the non-empty values. */
function queryString(values: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== '') params.set(key, String(value));
  return params.toString();
}

/**
 * The marketplace admin console (issue 17). Its session is the staff cookie (`opsToken`) set by the shared staff
 * sign-in, `/ops/login`; who is signed in comes from opsApi's `getOperator`, which carries the role.
 */
export const adminApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminSellers: build.query<AdminSellerListResponse, AdminSellerListArgs>({
      query: (args) => `/admin/sellers?${queryString({ ...args })}`,
      providesTags: ['AdminSellers'],
    }),
    /** A decision moves the seller to another tab and writes the audit log. */
    changeSellerStatus: build.mutation<
      AdminSellerResponse,
      { sellerId: number; status: AdminSellerDecision; reason?: string }
    >({
      query: ({ sellerId, ...body }) => ({ path: `/admin/sellers/${sellerId}/status`, method: 'POST', body }),
      invalidatesTags: ['AdminSellers', 'AdminAudit', 'Catalog', 'Product'],
    }),
    setSellerCommission: build.mutation<AdminSellerResponse, { sellerId: number; commissionPercent: number }>(
      {
        query: ({ sellerId, commissionPercent }) => ({
          path: `/admin/sellers/${sellerId}/commission`,
          method: 'PUT',
          body: { commissionPercent },
        }),
        invalidatesTags: ['AdminSellers', 'AdminAudit'],
      },
    ),
    getAudit: build.query<AuditResponse, AuditArgs>({
      query: (args) => `/admin/audit?${queryString({ ...args })}`,
      providesTags: ['AdminAudit'],
    }),
    getTaxRates: build.query<HsnRateListResponse, void>({
      query: () => '/admin/tax-rates',
      providesTags: ['AdminTaxRates'],
    }),
    /** A new rate applies to invoices issued from then on, and writes the audit log. */
    changeTaxRate: build.mutation<HsnRateResponse, HsnRateChange & { hsnCode: string }>({
      query: ({ hsnCode, ...body }) => ({ path: `/admin/tax-rates/${hsnCode}`, method: 'PUT', body }),
      invalidatesTags: ['AdminTaxRates', 'AdminAudit'],
    }),
    getAdminCustomers: build.query<AdminCustomerListResponse, AdminCustomerListArgs>({
      query: (args) => `/admin/customers?${queryString({ ...args })}`,
      providesTags: ['AdminCustomers'],
    }),
    getAdminCustomer: build.query<AdminCustomerDetailResponse, number>({
      query: (customerId) => `/admin/customers/${customerId}`,
      providesTags: ['AdminCustomers'],
    }),
    /** Blocking ends the customer's sessions at once; both block and unblock write the audit log. */
    changeCustomerBlock: build.mutation<
      AdminCustomerResponse,
      { customerId: number; block: boolean; reason?: string }
    >({
      query: ({ customerId, block, reason }) => ({
        path: `/admin/customers/${customerId}/${block ? 'block' : 'unblock'}`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: ['AdminCustomers', 'AdminAudit'],
    }),
    getMarketplaceSettings: build.query<MarketplaceSettingsResponse, void>({
      query: () => '/admin/settings',
      providesTags: ['AdminSettings'],
    }),
    /** New cash-on-delivery terms apply to orders placed from then on, and write the audit log. */
    saveMarketplaceSettings: build.mutation<MarketplaceSettingsResponse, MarketplaceSettings>({
      query: (body) => ({ path: '/admin/settings', method: 'PUT', body }),
      invalidatesTags: ['AdminSettings', 'AdminAudit'],
    }),
  }),
});

export const {
  useGetAdminSellersQuery,
  useChangeSellerStatusMutation,
  useSetSellerCommissionMutation,
  useGetAuditQuery,
  useGetTaxRatesQuery,
  useChangeTaxRateMutation,
  useGetAdminCustomersQuery,
  useGetAdminCustomerQuery,
  useChangeCustomerBlockMutation,
  useGetMarketplaceSettingsQuery,
  useSaveMarketplaceSettingsMutation,
} = adminApi;
