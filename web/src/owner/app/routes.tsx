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
import { SettingsScreen } from '../features/settings/settings';
import { Shell } from '../shell/shell';

/**
 * The owner app's screens under /config. Each section of `shell/navigation.ts` adds its routes
 * here (its list at `/<path>`, its editors below it).
 */
export const ROUTES: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <Home /> },
      { path: 'pages', element: <PagesScreen /> },
      { path: 'pages/header-footer', element: <HeaderFooterScreen /> },
      { path: 'pages/:collectionId/settings', element: <PageSettingsScreen /> },
      { path: 'pages/:itemId/content', element: <PageEditorScreen /> },
      { path: 'products', element: <ProductList /> },
      { path: 'products/new', element: <NewProduct /> },
      { path: 'products/:productId', element: <EditProduct /> },
      { path: 'orders', element: <OrdersList /> },
      { path: 'orders/:orderId', element: <OrderDetail /> },
      { path: 'settings', element: <SettingsScreen /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The app is served at /config; its routes are written without it. */
export const BASENAME = '/config';
