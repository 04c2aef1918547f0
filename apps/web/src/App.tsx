import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from './components/layout/ErrorBoundary';
import { Layout } from './components/layout/Layout';
import { PageFallback } from './components/layout/PageFallback';
import { RequireAuth } from './components/layout/RequireAuth';
import { ScrollOnNavigate } from './components/layout/ScrollOnNavigate';
import { ChatSocketBridge } from './features/chat/ChatSocketBridge';
import { SessionEndedRedirect } from './features/auth/SessionEndedRedirect';
import { CardToasts } from './features/cart/CardToasts';
import { useSessionCartLoader } from './features/cart/useSessionCartLoader';
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
const DashboardHome = lazy(() => import('./features/dashboard/DashboardHome'));
const MyOrdersPage = lazy(() => import('./features/orders/MyOrdersPage'));
const OrderDetailsPage = lazy(() => import('./features/orders/OrderDetailsPage'));
const WishlistPage = lazy(() => import('./features/wishlist/WishlistPage'));
const ChangePasswordPage = lazy(() => import('./features/auth/ChangePasswordPage'));
const AddressBookPage = lazy(() => import('./features/addresses/AddressBookPage'));
const ChatPage = lazy(() => import('./features/chat/ChatPage'));
const OpsLoginPage = lazy(() => import('./features/ops/OpsLoginPage'));
const OpsPaymentsPage = lazy(() => import('./features/ops/OpsPaymentsPage'));
const SellerLoginPage = lazy(() => import('./features/seller/SellerLoginPage'));
const SellerChatPage = lazy(() => import('./features/seller/SellerChatPage'));
const SellerPasswordPage = lazy(() => import('./features/seller/SellerPasswordPage'));

const guarded = (element: React.ReactNode) => <RequireAuth>{element}</RequireAuth>;

export function App() {
  useSessionCartLoader();
  // Marks the page as taken over by the app (the prerendered home page is plain markup until then); browser tests
  // wait for it before acting on the page.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
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
            <Route path="/seller/login" element={<SellerLoginPage />} />
            <Route path="/seller/chat" element={<SellerChatPage />} />
            <Route path="/seller/password" element={<SellerPasswordPage />} />
            <Route path="/ops/login" element={<OpsLoginPage />} />
            <Route path="/ops/payments" element={<OpsPaymentsPage />} />
            <Route element={<Layout />}>
              {LANDING_PAGES.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              <Route path="/register" element={<RegisterPage />} />
              <Route path="/login" element={<LoginPage />} />
              <Route path="/cart" element={guarded(<CartPage />)} />
              <Route path="/shipping" element={guarded(<ShippingPage />)} />
              <Route path="/my-payment" element={guarded(<MyPaymentPage />)} />
              <Route path="/payment" element={guarded(<PaymentPage />)} />
              <Route path="/payment/confirm" element={guarded(<PaymentConfirmPage />)} />
              <Route path="/payment/failure" element={<PaymentFailurePage />} />
              <Route path="/order/confirm" element={guarded(<OrderConfirmPage />)} />
              <Route path="/about" element={<AboutPage />} />
              <Route path="/contact" element={<ContactPage />} />
              <Route path="/help" element={<ContactPage />} />
              <Route path="/privacy-policy" element={<PolicyPage policy="privacy-policy" />} />
              <Route path="/terms-condition" element={<PolicyPage policy="terms-condition" />} />
              <Route path="/return-refund" element={<PolicyPage policy="return-refund" />} />
              <Route path="/shipping-policy" element={<PolicyPage policy="shipping-policy" />} />
              <Route path="/dashboard" element={guarded(<DashboardLayout />)}>
                <Route index element={<DashboardHome />} />
                <Route path="my-orders" element={<MyOrdersPage />} />
                <Route path="my-wishlist" element={<WishlistPage />} />
                <Route path="order/details/:orderId" element={<OrderDetailsPage />} />
                <Route path="chage-password" element={<ChangePasswordPage />} />
                <Route path="myaddress" element={<AddressBookPage />} />
                <Route path="chat" element={<ChatPage />} />
                <Route path="chat/:sellerId" element={<ChatPage />} />
              </Route>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
