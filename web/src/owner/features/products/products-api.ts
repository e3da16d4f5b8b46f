import type { ProductDetails, SubscriptionPlan } from '@storefront/domain/catalog/product-details';
import type { ProductRecord, ProductTypeName } from '@storefront/domain/catalog/product-record';
import { ownerApi } from '../../app/api';
import { basedOn } from '../../app/if-match';

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
  /** The variant's own image, one of the product's (absent: none, the main image is shown). */
  imageId?: string;
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
  additionalFieldsFormId?: string | null;
};

export type DetailsBody = Partial<Pick<ProductDetails, 'title' | 'description' | 'urlId' | 'subscriptionPlan' | 'additionalFieldsFormId'>>;
export type VariantsBody = { variantOptionOrdering: string[]; variants: VariantBody[] };
export type StockBody = { qtyInStock?: number; unlimited?: boolean } | { adjustBy: number };

type ProductArgs = { websiteId: string; productId: string };
/** A save based on the product's `version` (If-Match): refused with 409 EDIT_CONFLICT when the product changed since. */
type Versioned = { version?: number | null };
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
    editDetails: build.mutation<ProductView, ProductArgs & Versioned & { body: DetailsBody }>({
      query: ({ body, version, ...args }) => ({ url: productPath(args), method: 'PUT', body, headers: basedOn(version) }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    setVariants: build.mutation<ProductView, ProductArgs & Versioned & { body: VariantsBody }>({
      query: ({ body, version, ...args }) => ({ url: `${productPath(args)}/variants`, method: 'PUT', body, headers: basedOn(version) }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    changeStock: build.mutation<ProductView, ProductArgs & { sku: string; body: StockBody }>({
      query: ({ body, sku, ...args }) => ({ url: `${productPath(args)}/variants/${encodeURIComponent(sku)}/stock`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    setImages: build.mutation<ProductView, ProductArgs & Versioned & { imageIds: string[] }>({
      query: ({ imageIds, version, ...args }) => ({ url: `${productPath(args)}/images`, method: 'PUT', body: { imageIds }, headers: basedOn(version) }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    setEnabled: build.mutation<ProductView, ProductArgs & Versioned & { enabled: boolean }>({
      query: ({ enabled, version, ...args }) => ({ url: `${productPath(args)}/enabled`, method: 'PUT', body: { enabled }, headers: basedOn(version) }),
      invalidatesTags: (_r, _e, { productId }) => productTag(productId),
    }),
    deleteProduct: build.mutation<void, ProductArgs & Versioned>({
      query: ({ version, ...args }) => ({ url: productPath(args), method: 'DELETE', headers: basedOn(version) }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const {
  useListStorePagesQuery, useListProductsQuery, useGetProductQuery, useCreateProductMutation, useEditDetailsMutation, useSetVariantsMutation,
  useChangeStockMutation, useSetImagesMutation, useSetEnabledMutation, useDeleteProductMutation,
} = productsApi;
