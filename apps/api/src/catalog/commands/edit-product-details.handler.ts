import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decideProduct, parseDetailsChanges, productUrlId, type EditProductDetails } from '@storefront/domain';
import { CatalogWriter } from '../catalog-writer';
import { stepContext } from '../../infrastructure/derived-ids';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { sanitizeRichText } from '../../security/html-sanitizer';
import { EditProductDetailsCommand } from './edit-product-details.command';

/** Edits details; a new URL id is first made unique on the store stream (after the edit is known to be valid). */
@CommandHandler(EditProductDetailsCommand)
export class EditProductDetailsHandler implements ICommandHandler<EditProductDetailsCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, websiteId, productId, body }: EditProductDetailsCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    const parsed = parseDetailsChanges(body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    let changes = parsed.value;
    // The description is contributor rich text: stored only as the allow-list sanitizer leaves it.
    if (typeof changes.description === 'string') changes = { ...changes, description: sanitizeRichText(changes.description) };
    const state = await this.loader.state(productId);
    const command = (): EditProductDetails => ({ type: 'EditProductDetails', data: { productId, changes, now: new Date().toISOString() } });
    const dryRun = decideProduct(command(), state);
    if (!dryRun.ok) throw new DomainException(dryRun.error);
    if (changes.urlId !== undefined && state.status === 'active') {
      const { collectionId } = state.product;
      const store = await this.writer.store(stepContext(context, 'url-id'), collectionId, {
        type: 'ChangeProductUrlId', data: { collectionId, productId, wantedUrlId: changes.urlId },
      });
      changes = { ...changes, urlId: productUrlId(store, productId) ?? changes.urlId };
    }
    await this.writer.product(stepContext(context, 'edit'), productId, command());
    return this.loader.view(productId);
  }
}
