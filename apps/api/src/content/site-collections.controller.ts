import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type CollectionRecord, type ContentItemRecord, CreateCollectionRequest, EditCollectionRequest, GalleryOptionsRequest, ItemOrderRequest, LayoutRequest, PagePasswordRequest } from '@storefront/domain';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { CreateCollectionCommand } from './commands/create-collection.command';
import { CreateContentItemCommand } from './commands/create-content-item.command';
import { DeleteCollectionCommand } from './commands/delete-collection.command';
import { EditCollectionCommand } from './commands/edit-collection.command';
import { ReorderCollectionItemsCommand } from './commands/reorder-collection-items.command';
import { SetCollectionLayoutCommand } from './commands/set-collection-layout.command';
import { SetCollectionPasswordCommand } from './commands/set-collection-password.command';
import { SetGalleryOptionsCommand } from './commands/set-gallery-options.command';
import { GetCollectionQuery } from './queries/get-collection.query';
import { ListCollectionItemsQuery } from './queries/list-collection-items.query';
import { ListCollectionsQuery } from './queries/list-collections.query';
import type { CollectionView, ContentItemView } from './site-loader';

/**
 * Owner API for pages and collections (`pages.edit`; reads `site.view`, see docs/PERMISSIONS.md). Every
 * write answers with the collection computed from its stream (read-your-writes); lists read the
 * site read models.
 */
@Controller('api/site/collections')
@RequiresPermission('pages.edit')
export class SiteCollectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequiresPermission('site.view')
  list(): Promise<{ collections: CollectionRecord[] }> {
    return this.queries.execute(new ListCollectionsQuery());
  }

  @Post()
  @HttpCode(201)
  create(@Req() req: AppRequest, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new CreateCollectionCommand(commandContextFor(req), parseBody(CreateCollectionRequest, body), req.state.owner?.roles ?? []));
  }

  @Get(':collectionId')
  @RequiresPermission('site.view')
  get(@Param('collectionId') collectionId: string): Promise<CollectionView> {
    return this.queries.execute(new GetCollectionQuery(collectionId));
  }

  @Put(':collectionId')
  edit(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new EditCollectionCommand(commandContextFor(req), collectionId, parseBody(EditCollectionRequest, body)));
  }

  @Put(':collectionId/password')
  setPassword(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new SetCollectionPasswordCommand(commandContextFor(req), collectionId, parseBody(PagePasswordRequest, body)));
  }

  @Put(':collectionId/layout')
  setLayout(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new SetCollectionLayoutCommand(commandContextFor(req), collectionId, parseBody(LayoutRequest, body), req.state.owner?.roles ?? []));
  }

  @Put(':collectionId/gallery-options')
  setGalleryOptions(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new SetGalleryOptionsCommand(commandContextFor(req), collectionId, parseBody(GalleryOptionsRequest, body)));
  }

  @Put(':collectionId/order')
  reorder(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<CollectionView> {
    return this.commands.execute(new ReorderCollectionItemsCommand(commandContextFor(req), collectionId, parseBody(ItemOrderRequest, body)));
  }

  @Delete(':collectionId')
  @HttpCode(204)
  async remove(@Req() req: AppRequest, @Param('collectionId') collectionId: string): Promise<void> {
    await this.commands.execute(new DeleteCollectionCommand(commandContextFor(req), collectionId));
  }

  @Get(':collectionId/items')
  @RequiresPermission('site.view')
  items(@Param('collectionId') collectionId: string): Promise<{ items: ContentItemRecord[] }> {
    return this.queries.execute(new ListCollectionItemsQuery(collectionId));
  }

  @Post(':collectionId/items')
  @HttpCode(201)
  createItem(@Req() req: AppRequest, @Param('collectionId') collectionId: string, @Body() body: unknown): Promise<ContentItemView> {
    return this.commands.execute(new CreateContentItemCommand(commandContextFor(req), collectionId, body));
  }
}
