import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { StorefrontController } from './storefront.controller';
import { WebBundle } from './web-bundle';

@Module({ imports: [CatalogModule], controllers: [StorefrontController], providers: [WebBundle] })
export class StorefrontModule {}
