import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { checkCreateProduct, productFromRequest, productUrlId, type CreateProduct } from '@storefront/domain';
import { AdditionalFieldsForms } from '../additional-fields-forms';
import { CatalogWriter } from '../catalog-writer';
import { derivedUuid, stepContext } from '../../infrastructure/derived-ids';
import { DEFAULT_STORE_COLLECTION_ID } from '../default-store';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { ImageAssets } from '../../media';
import { sanitizeRichText } from '../../security/html-sanitizer';
import { CreateProductCommand } from './create-product.command';

/**
 * Checks everything first, including that optional imageIds name existing images (nothing is
 * appended for bad input), then: the store stream grants a unique URL id and counts the product
 * against the 200 limit; the product stream records it; each variant's inventory stream gets its
 * initial stock. The product id derives from the command id,
 * so a retried request (same Idempotency-Key) lands on the same product.
 */
@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
    private readonly images: ImageAssets,
    private readonly forms: AdditionalFieldsForms,
  ) {}

  async execute({ context, websiteId, request }: CreateProductCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    // Priced in the store's currency as it is now (the website's settings).
    const { selectedCurrency } = await this.websites.storeSettings();
    const productId = derivedUuid(context.commandId, 'product');
    const collectionId = request.collectionId ?? DEFAULT_STORE_COLLECTION_ID;
    let variantCount = 0;
    const parsed = productFromRequest(request, {
      productId, websiteId, collectionId, defaultCurrency: selectedCurrency, now: new Date().toISOString(),
      newVariantId: () => derivedUuid(productId, `variant-${variantCount++}`),
    });
    if (!parsed.ok) throw new DomainException(parsed.error);
    // The description is contributor rich text: stored only as the allow-list sanitizer leaves it.
    parsed.value.product = { ...parsed.value.product, description: sanitizeRichText(parsed.value.product.description) };
    const command: CreateProduct = { type: 'CreateProduct', data: parsed.value };
    const invalid = checkCreateProduct(command);
    if (invalid) throw new DomainException(invalid);
    await this.images.requireAll(parsed.value.product.imageIds ?? []);
    await this.forms.require(parsed.value.product.additionalFieldsFormId);

    const store = await this.writer.store(stepContext(context, 'list'), collectionId, {
      type: 'ListProduct', data: { collectionId, productId, wantedUrlId: parsed.value.product.urlId },
    });
    const urlId = productUrlId(store, productId)!;
    const product = { ...parsed.value.product, urlId };
    try {
      await this.writer.product(stepContext(context, 'create'), productId, { type: 'CreateProduct', data: { ...command.data, product } });
    } catch (error) {
      // Give the URL id back: the product was never created.
      await this.writer.store(stepContext(context, 'unlist'), collectionId, { type: 'UnlistProduct', data: { collectionId, productId } });
      throw error;
    }
    for (const variant of product.variants) {
      const stock = parsed.value.initialStock[variant.sku];
      await this.writer.inventory(stepContext(context, `stock-${variant.sku}`), productId, variant.sku, {
        type: 'SetStock', data: { productId, sku: variant.sku, qtyInStock: stock.qtyInStock, unlimited: stock.unlimited, now: product.createdAt },
      });
    }
    return this.loader.view(productId);
  }
}
