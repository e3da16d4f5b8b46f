import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decideProduct, productStreamId, productUrlId, type EditProductDetails } from '@storefront/domain';
import { AdditionalFieldsForms } from '../additional-fields-forms';
import { CatalogWriter } from '../catalog-writer';
import { requireBasedOn } from '../../infrastructure/command-executor';
import { stepContext } from '../../infrastructure/derived-ids';
import { ProductLoader, type ProductView } from '../product-loader';
import { WebsiteDirectory } from '../website-directory';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { sanitizeRichText } from '../../security/html-sanitizer';
import { giveProductUrlIdBack } from '../url-id-steps';
import { EditProductDetailsCommand } from './edit-product-details.command';

/**
 * Edits details; a new URL id is first made unique on the store stream (after the edit is known to
 * be valid). A save based on an older version (If-Match) is refused before the URL id step, and if
 * another save lands between the two steps, the URL id is given back.
 */
@CommandHandler(EditProductDetailsCommand)
export class EditProductDetailsHandler implements ICommandHandler<EditProductDetailsCommand, ProductView> {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    private readonly websites: WebsiteDirectory,
    private readonly forms: AdditionalFieldsForms,
  ) {}

  async execute({ context, websiteId, productId, changes: requested, expectedVersion }: EditProductDetailsCommand): Promise<ProductView> {
    await this.websites.require(websiteId);
    let changes = requested;
    // The description is contributor rich text: stored only as the allow-list sanitizer leaves it.
    if (typeof changes.description === 'string') changes = { ...changes, description: sanitizeRichText(changes.description) };
    const { state, version } = await this.loader.stateAndVersion(productId);
    const command = (): EditProductDetails => ({ type: 'EditProductDetails', data: { productId, changes, now: new Date().toISOString() } });
    const dryRun = decideProduct(command(), state);
    if (!dryRun.ok) throw new DomainException(dryRun.error);
    await this.forms.require(changes.additionalFieldsFormId);
    requireBasedOn(productStreamId(productId), { expectedVersion }, version);
    let urlIdStep = false;
    if (changes.urlId !== undefined && state.status === 'active') {
      const { collectionId } = state.product;
      const store = await this.writer.store(stepContext(context, 'url-id'), collectionId, {
        type: 'ChangeProductUrlId', data: { collectionId, productId, wantedUrlId: changes.urlId },
      });
      changes = { ...changes, urlId: productUrlId(store, productId) ?? changes.urlId };
      urlIdStep = true;
    }
    try {
      await this.writer.product(stepContext(context, 'edit'), productId, command(), { expectedVersion });
    } catch (error) {
      if (urlIdStep) await giveProductUrlIdBack(this.writer, this.loader, context, productId);
      throw error;
    }
    return this.loader.view(productId);
  }
}
