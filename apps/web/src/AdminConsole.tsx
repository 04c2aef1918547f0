import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { routePage as page } from './components/layout/routePage';

const AdminLoginPage = lazy(() => import('./features/admin/AdminLoginPage'));
const AdminLayout = lazy(() => import('./features/admin/AdminLayout'));
const AdminSellersPage = lazy(() => import('./features/admin/AdminSellersPage'));
const AdminAuditPage = lazy(() => import('./features/admin/AdminAuditPage'));
const AdminCategoriesPage = lazy(() => import('./features/admin/AdminCategoriesPage'));
const AdminBannersPage = lazy(() => import('./features/admin/AdminBannersPage'));
const AdminTaxRatesPage = lazy(() => import('./features/admin/AdminTaxRatesPage'));
const AdminRefundsPage = lazy(() => import('./features/admin/AdminRefundsPage'));
const AdminCustomersPage = lazy(() => import('./features/admin/AdminCustomersPage'));
const AdminSettingsPage = lazy(() => import('./features/admin/AdminSettingsPage'));
const AdminNotificationsPage = lazy(() => import('./features/admin/AdminNotificationsPage'));

/**
 * The marketplace admin console's routes, under /admin (issue 17), a chunk of their own like the seller center's:
 * its pages in one frame; /admin opens the seller queue.
 */
export default function AdminConsole() {
  return (
    <Routes>
      <Route path="login" element={page('/admin/login', <AdminLoginPage />)} />
      <Route element={page('/admin-layout', <AdminLayout />)}>
        <Route index element={<Navigate to="/admin/sellers" replace />} />
        <Route path="sellers" element={page('/admin/sellers', <AdminSellersPage />)} />
        <Route path="categories" element={page('/admin/categories', <AdminCategoriesPage />)} />
        <Route path="banners" element={page('/admin/banners', <AdminBannersPage />)} />
        <Route path="tax-rates" element={page('/admin/tax-rates', <AdminTaxRatesPage />)} />
        <Route path="refunds" element={page('/admin/refunds', <AdminRefundsPage />)} />
        <Route path="customers" element={page('/admin/customers', <AdminCustomersPage />)} />
        <Route path="settings" element={page('/admin/settings', <AdminSettingsPage />)} />
        <Route path="audit" element={page('/admin/audit', <AdminAuditPage />)} />
        <Route path="notifications" element={page('/admin/notifications', <AdminNotificationsPage />)} />
      </Route>
    </Routes>
  );
}
