import { Controller, Get, Header } from '@nestjs/common';
import { ProductCatalog } from '../catalog/product-catalog';
import { WebsiteDirectory } from '../catalog/website-directory';
import { cartIdFromRequest } from '../cart/cart-cookie';
import { Req, type AppRequest } from '../infrastructure/http/request-context';
import { renderShopPage } from './shop-page';
import { WebBundle } from './web-bundle';

/** Published pages. The foundation serves the demo shop at `/`; the template-rendered site comes later. */
@Controller()
export class StorefrontController {
  constructor(
    private readonly catalog: ProductCatalog,
    private readonly websites: WebsiteDirectory,
    private readonly bundle: WebBundle,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async shop(@Req() req: AppRequest): Promise<string> {
    const [website, products] = await Promise.all([this.websites.current(), this.catalog.listProducts()]);
    return renderShopPage(website, products, {
      website: { id: website.websiteId, title: website.title, timeZone: website.timeZone },
      storeSettings: { selectedCurrency: website.currency },
      hasCart: cartIdFromRequest(req) !== null,
      authenticated: Boolean(req.state.owner),
      pageType: 1,
    }, this.bundle.headTags());
  }
}
