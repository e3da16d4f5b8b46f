import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Home, NotFound } from '../features/home/home';
import { HeaderFooterScreen } from '../features/pages/header-footer-screen';
import { PageSettingsScreen } from '../features/pages/page-settings';
import { PagesScreen } from '../features/pages/pages-screen';
import { PageEditorScreen } from '../features/page-editor/page-editor-screen';
import { EditProduct, NewProduct } from '../features/products/product-editor';
import { ProductList } from '../features/products/product-list';
import { OrderDetail } from '../features/orders/order-detail';
import { OrdersList } from '../features/orders/orders-list';
import { FormEditorScreen, FormsList, FormSubmissionsScreen, MailingListScreen } from '../features/forms/forms-screens';
import { MailOutboxScreen } from '../features/mail/mail-outbox-screen';
import { RestockScreen } from '../features/restock/restock-screen';
import { SettingsScreen } from '../features/settings/settings';
import { SectionGuard } from '../shell/section-guard';
import { Shell } from '../shell/shell';
import { Loading } from '../ui/page-header';

/** The Analytics panel and its charts are a chunk of their own: only owners who open it load them. */
const AnalyticsScreen = lazy(() => import('../features/analytics/analytics-screen'));
const analytics = (
  <Suspense fallback={<Loading what="analytics" />}>
    <AnalyticsScreen />
  </Suspense>
);

/**
 * The owner app's screens under /config. Each section of `shell/navigation.ts` adds its routes
 * here: a SectionGuard at `/<path>` and, beneath it, its list (index) and its editors.
 */
export const ROUTES: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <Home /> },
      {
        path: 'pages',
        element: <SectionGuard section="pages" />,
        children: [
          { index: true, element: <PagesScreen /> },
          { path: 'header-footer', element: <HeaderFooterScreen /> },
          { path: ':collectionId/settings', element: <PageSettingsScreen /> },
          { path: ':itemId/content', element: <PageEditorScreen /> },
        ],
      },
      {
        path: 'products',
        element: <SectionGuard section="products" />,
        children: [
          { index: true, element: <ProductList /> },
          { path: 'new', element: <NewProduct /> },
          { path: ':productId', element: <EditProduct /> },
        ],
      },
      {
        path: 'orders',
        element: <SectionGuard section="orders" />,
        children: [
          { index: true, element: <OrdersList /> },
          { path: ':orderId', element: <OrderDetail /> },
        ],
      },
      {
        path: 'forms',
        element: <SectionGuard section="forms" />,
        children: [
          { index: true, element: <FormsList /> },
          { path: 'mailing-list', element: <MailingListScreen /> },
          { path: ':formId', element: <FormEditorScreen /> },
          { path: ':formId/submissions', element: <FormSubmissionsScreen /> },
        ],
      },
      { path: 'restock', element: <SectionGuard section="restock" />, children: [{ index: true, element: <RestockScreen /> }] },
      { path: 'settings', element: <SectionGuard section="settings" />, children: [{ index: true, element: <SettingsScreen /> }] },
      { path: 'mail', element: <SectionGuard section="mail" />, children: [{ index: true, element: <MailOutboxScreen /> }] },
      {
        path: 'analytics',
        element: <SectionGuard section="analytics" />,
        children: [
          { index: true, element: analytics },
          { path: ':report', element: analytics },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The app is served at /config; its routes are written without it. */
export const BASENAME = '/config';
