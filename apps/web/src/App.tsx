import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from './components/layout/ErrorBoundary';
import { Layout } from './components/layout/Layout';
import { PageFallback } from './components/layout/PageFallback';
import { routePage as page } from './components/layout/routePage';
import { RequireAuth } from './components/layout/RequireAuth';
import { ScrollOnNavigate } from './components/layout/ScrollOnNavigate';
import { ChatSocketBridge } from './features/chat';
import { AccountMenu, SessionEndedRedirect } from './features/auth';
import { CardToasts, useSessionCartLoader } from './features/cart';
import { LANDING_PAGES } from './app/landingPages';
import { RouteTitles } from './app/documentTitle';

const RegisterPage = lazy(() => import('./features/auth/RegisterPage'));
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const CartPage = lazy(() => import('./features/cart/CartPage'));
const ShippingPage = lazy(() => import('./features/orders/ShippingPage'));
const MyPaymentPage = lazy(() => import('./features/payments/MyPaymentPage'));
const PaymentPage = lazy(() => import('./features/payments/PaymentPage'));
const PaymentConfirmPage = lazy(() => import('./features/payments/PaymentConfirmPage'));
const PaymentFailurePage = lazy(() => import('./features/payments/PaymentFailurePage'));
const OrderConfirmPage = lazy(() => import('./features/payments/OrderConfirmPage'));
const AboutPage = lazy(() => import('./features/static/AboutPage'));
const ContactPage = lazy(() => import('./features/static/ContactPage'));
const PolicyPage = lazy(() => import('./features/static/PolicyPage'));
const NotFoundPage = lazy(() => import('./features/static/NotFoundPage'));
const DashboardLayout = lazy(() => import('./features/dashboard/DashboardLayout'));
const DashboardHome = lazy(() => import('./features/dashboard/DashboardHomePage'));
const MyOrdersPage = lazy(() => import('./features/orders/MyOrdersPage'));
const OrderDetailsPage = lazy(() => import('./features/orders/OrderDetailsPage'));
const RefundsPage = lazy(() => import('./features/orders/RefundsPage'));
const WishlistPage = lazy(() => import('./features/wishlist/WishlistPage'));
const ChangePasswordPage = lazy(() => import('./features/auth/ChangePasswordPage'));
const AddressBookPage = lazy(() => import('./features/addresses/AddressBookPage'));
const ChatPage = lazy(() => import('./features/chat/ChatPage'));
const OpsLoginPage = lazy(() => import('./features/ops/OpsLoginPage'));
const OpsPaymentsPage = lazy(() => import('./features/ops/OpsPaymentsPage'));
// The consoles' route tables are chunks of their own (see SellerCenter.tsx and AdminConsole.tsx).
const SellerCenter = lazy(() => import('./SellerCenter'));
const AdminConsole = lazy(() => import('./AdminConsole'));
const ShopProfilePage = lazy(() => import('./features/shops/ShopProfilePage'));

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

export function App() {
  useSessionCartLoader();
  // Marks the page as taken over by the app (the prerendered home page is plain markup until then); browser tests
  // wait for it before acting on the page.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    // The landing pages have no 'loading...' boundary of their own (see `page`): loaded now, moving to one later
    // never waits on its code.
    for (const { Page } of LANDING_PAGES) void Page.preload();
  }, []);
  return (
    <>
      <ScrollOnNavigate />
      <RouteTitles />
      <ChatSocketBridge />
      <SessionEndedRedirect />
      <CardToasts />
      <Toaster
        position="top-right"
        toastOptions={{ style: { background: '#1f1f2b', color: '#ffffff' } }}
        containerStyle={{ top: 80 }}
      />
      <ErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <Routes>
            <Route path="/seller/*" element={page('/seller-center', <SellerCenter />)} />
            <Route path="/ops/login" element={page('/ops/login', <OpsLoginPage />)} />
            <Route path="/ops/payments" element={page('/ops/payments', <OpsPaymentsPage />)} />
            <Route path="/admin/*" element={page('/admin-console', <AdminConsole />)} />
            <Route element={<Layout accountMenu={<AccountMenu />} />}>
              {LANDING_PAGES.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              <Route path="/register" element={page('/register', <RegisterPage />)} />
              <Route path="/login" element={page('/login', <LoginPage />)} />
              <Route path="/cart" element={page('/cart', guarded(<CartPage />))} />
              <Route path="/shipping" element={page('/shipping', guarded(<ShippingPage />))} />
              <Route path="/my-payment" element={page('/my-payment', guarded(<MyPaymentPage />))} />
              <Route path="/payment" element={page('/payment', guarded(<PaymentPage />))} />
              <Route
                path="/payment/confirm"
                element={page('/payment/confirm', guarded(<PaymentConfirmPage />))}
              />
              <Route path="/payment/failure" element={page('/payment/failure', <PaymentFailurePage />)} />
              <Route path="/order/confirm" element={page('/order/confirm', guarded(<OrderConfirmPage />))} />
              <Route path="/shop/:slug" element={page('/shop/:slug', <ShopProfilePage />)} />
              <Route path="/about" element={page('/about', <AboutPage />)} />
              <Route path="/contact" element={page('/contact', <ContactPage />)} />
              <Route path="/help" element={page('/help', <ContactPage />)} />
              <Route
                path="/privacy-policy"
                element={page('/privacy-policy', <PolicyPage policy="privacy-policy" />)}
              />
              <Route
                path="/terms-condition"
                element={page('/terms-condition', <PolicyPage policy="terms-condition" />)}
              />
              <Route
                path="/return-refund"
                element={page('/return-refund', <PolicyPage policy="return-refund" />)}
              />
              <Route
                path="/shipping-policy"
                element={page('/shipping-policy', <PolicyPage policy="shipping-policy" />)}
              />
              <Route path="/dashboard" element={page('/dashboard-layout', guarded(<DashboardLayout />))}>
                <Route index element={page('/dashboard', <DashboardHome />)} />
                <Route path="my-orders" element={page('my-orders', <MyOrdersPage />)} />
                <Route path="my-wishlist" element={page('my-wishlist', <WishlistPage />)} />
                <Route path="refunds" element={page('refunds', <RefundsPage />)} />
                <Route
                  path="order/details/:orderId"
                  element={page('order/details/:orderId', <OrderDetailsPage />)}
                />
                <Route path="chage-password" element={page('chage-password', <ChangePasswordPage />)} />
                <Route path="myaddress" element={page('myaddress', <AddressBookPage />)} />
                <Route path="chat" element={page('chat', <ChatPage />)} />
                <Route path="chat/:sellerId" element={page('chat/:sellerId', <ChatPage />)} />
              </Route>
              <Route path="*" element={page('*', <NotFoundPage />)} />
            </Route>
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
