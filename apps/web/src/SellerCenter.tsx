import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routePage as page } from './components/layout/routePage';

const SellerLoginPage = lazy(() => import('./features/seller/SellerLoginPage'));
const SellerRegisterPage = lazy(() => import('./features/seller/SellerRegisterPage'));
const SellerLayout = lazy(() => import('./features/seller/SellerLayout'));
const SellerHomePage = lazy(() => import('./features/seller/SellerHomePage'));
const SellerNotFoundPage = lazy(() => import('./features/seller/SellerNotFoundPage'));
const SellerChatPage = lazy(() => import('./features/seller/SellerChatPage'));
const SellerPasswordPage = lazy(() => import('./features/seller/SellerPasswordPage'));
const SellerProductsPage = lazy(() => import('./features/seller/SellerProductsPage'));
const SellerProductEditorPage = lazy(() => import('./features/seller/SellerProductEditorPage'));
const SellerOrdersPage = lazy(() => import('./features/fulfilment/SellerOrdersPage'));
const SellerOrderPage = lazy(() => import('./features/fulfilment/SellerOrderPage'));
const EarningsPage = lazy(() => import('./features/fulfilment/EarningsPage'));
const SellerReturnsPage = lazy(() => import('./features/fulfilment/SellerReturnsPage'));

/**
 * The seller center's routes, under /seller: a chunk of its own, so the storefront's first download does not carry
 * the console's route table. Every page but sign-in and registration is in the seller center's frame.
 */
export default function SellerCenter() {
  return (
    <Routes>
      <Route path="login" element={page('/seller/login', <SellerLoginPage />)} />
      <Route path="register" element={page('/seller/register', <SellerRegisterPage />)} />
      <Route element={page('/seller-layout', <SellerLayout />)}>
        <Route index element={page('/seller', <SellerHomePage />)} />
        <Route path="products" element={page('/seller/products', <SellerProductsPage />)} />
        <Route path="products/new" element={page('/seller/products/new', <SellerProductEditorPage />)} />
        <Route path="products/:id" element={page('/seller/products/:id', <SellerProductEditorPage />)} />
        <Route path="chat" element={page('/seller/chat', <SellerChatPage />)} />
        <Route path="password" element={page('/seller/password', <SellerPasswordPage />)} />
        <Route path="orders" element={page('/seller/orders', <SellerOrdersPage />)} />
        <Route path="orders/:id" element={page('/seller/orders/:id', <SellerOrderPage />)} />
        <Route path="earnings" element={page('/seller/earnings', <EarningsPage />)} />
        <Route path="returns" element={page('/seller/returns', <SellerReturnsPage />)} />
        <Route path="*" element={page('/seller/*', <SellerNotFoundPage />)} />
      </Route>
    </Routes>
  );
}
