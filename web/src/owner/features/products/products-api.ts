import type { ProductDetails, SubscriptionPlan } from '@storefront/domain/catalog/product-details';
import type { ProductRecord, ProductTypeName } from '@storefront/domain/catalog/product-record';
import { ownerApi } from '../../app/api';

/**
 * The products screens' endpoints over the owner catalog API
 * (`/api/content-service/product/1.1/websites/{websiteId}/products`, store managers and admins),
 * the site's store pages (`/api/site/collections`, products collections) and the media library
 * (`/api/media/images`). Every write answers the product as its streams now say (ProductView), so
 * a save refreshes the editor from the answer and the list through the 'Product' tag.
 */

/** Who changed a variant's stock last and how (the inventory events' metadata, GET/PUT answers). */
export type LastStockChange = {
  kind: 'set' | 'adjusted' | 'reserved' | 'released';
  at: string;
  by: { kind: 'owner' | 'visitor' | 'system'; id: string; email?: string };
  adjustBy?: number;
  orderId?: string;
  quantity?: number;
};
export type VariantStockStatus = { qtyInStock: number; unlimited: boolean; lastChange: LastStockChange | null };

export type ProductView = {
  product: ProductDetails;
  record: ProductRecord;
  stock: Record<string, VariantStockStatus>;
  /** The stream version the read was based on, once the API answers one (optimistic concurrency). */
  version?: number;
};

/** A product in the owner's list: its SPEC record and whether it is enabled. */
export type ProductListing = ProductRecord & { enabled: boolean };

/** A store page (products collection) of the site; its products carry `storeCollectionId ?? id` as collectionId. */
export type StorePage = { id: string; title: string; fullUrl: string; storeCollectionId?: string; published?: boolean };

/** An image of the media library (SPEC 3 'Image asset'), as GET /api/media/images lists it. */
export type ImageAsset = { id: string; assetUrl: string; filename: string; altText?: string; title?: string; originalSize?: string };

export type VariantBody = {
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  weightGrams?: number | null;
};

export type CreateProductBody = {
  collectionId: string;
  productType: ProductTypeName;
  title: string;
  description: string;
  urlId?: string;
  enabled: boolean;
  variantOptionOrdering: string[];
  variants: VariantBody[];
  imageIds: string[];
  subscriptionPlan: SubscriptionPlan | null;
};

export type DetailsBody = Partial<Pick<ProductDetails, 'title' | 'description' | 'urlId' | 'subscriptionPlan'>>;
export type VariantsBody = { variantOptionOrdering: string[]; variants: VariantBody[] };
export type StockBody = { qtyInStock?: number; unlimited?: boolean } | { adjustBy: number };

type ProductArgs = { websiteId: string; productId: string };
const productsPath = (websiteId: string) => `content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products`;
const productPath = ({ websiteId, productId }: ProductArgs) => `${productsPath(websiteId)}/${encodeURIComponent(productId)}`;
const productTag = (productId: string) => [{ type: 'Product' as const, id: productId }, { type: 'Product' as const, id: 'LIST' }];

export const productsApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    listStorePages: build.query<StorePage[], void>({
      query: () => 'site/collections',
      transformResponse: (body: { collections: (StorePage & { typeName?: string; type?: number })[] }) =>
        body.collections.filter((c) => c.typeName === 'products' || c.type === 13),
      providesTags: [{ type: 'Site', id: 'COLLECTIONS' }],
    }),
    listProducts: build.query<ProductListing[], { websiteId: string }>({
      query: ({ websiteId }) => productsPath(websiteId),
      transformResponse: (body: { products: ProductListing[] }) => body.products,
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getProduct: build.query<ProductView, ProductArgs>({
      query: productPath,
      providesTags: (_r, _e, { productId }) => [{ type: 'Product', id: productId }],
    }),
    createProduct: build.mutation<ProductView, { websiteId: string; body: CreateProductBody }>({
      query: ({ websiteId, body }) => ({ url: productsPath(websiteId), method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    editDetails: build.mutation<ProductView, ProductArgs & { body: DetailsBody }>({
      query: ({ body, ...args }) => ({ url: productPath(args), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    setVariants: build.mutation<ProductView, ProductArgs & { body: VariantsBody }>({
      query: ({ body, ...args }) => ({ url: `${productPath(args)}/variants`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    changeStock: build.mutation<ProductView, ProductArgs & { sku: string; body: StockBody }>({
      query: ({ body, sku, ...args }) => ({ url: `${productPath(args)}/variants/${encodeURIComponent(sku)}/stock`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    setImages: build.mutation<ProductView, ProductArgs & { imageIds: string[] }>({
      query: ({ imageIds, ...args }) => ({ url: `${productPath(args)}/images`, method: 'PUT', body: { imageIds } }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    setEnabled: build.mutation<ProductView, ProductArgs & { enabled: boolean }>({
      query: ({ enabled, ...args }) => ({ url: `${productPath(args)}/enabled`, method: 'PUT', body: { enabled } }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    deleteProduct: build.mutation<void, ProductArgs>({
      query: (args) => ({ url: productPath(args), method: 'DELETE' }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    productImages: build.query<ImageAsset[], void>({
      query: () => 'media/images',
      transformResponse: (body: { images: ImageAsset[] }) => body.images,
      providesTags: [{ type: 'Image', id: 'LIST' }],
    }),
    productUploadImage: build.mutation<ImageAsset, File>({
      // The raw file as the body; the server recognises the format from the bytes.
      query: (file) => ({ url: `media/images?filename=${encodeURIComponent(file.name)}`, method: 'POST', body: file }),
      invalidatesTags: [{ type: 'Image', id: 'LIST' }],
    }),
  }),
});

export const {
  useListStorePagesQuery, useListProductsQuery, useGetProductQuery, useCreateProductMutation, useEditDetailsMutation, useSetVariantsMutation,
  useChangeStockMutation, useSetImagesMutation, useSetEnabledMutation, useDeleteProductMutation, useProductImagesQuery, useProductUploadImageMutation,
} = productsApi;
