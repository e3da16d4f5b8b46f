/**
 * Template rendering: our TemplateRenderer.render (compile-cache lookup, per-locale CLDR and
 * message formats, render context, error collection) against the bare engine executing the same
 * compiled template over the same JSON with the same CLDR instance and formatter tables
 * (`Compiler.execute`), measured in the same run in alternating rounds. The page is a product grid
 * over 200 catalog ProductRecords (engine commerce formatters and predicates plus our money ones).
 * Target: ours / bare <= 1.3 (time per render). Run standalone: `node bench/dist/render.bench.js`.
 */
import { buildProductRecord, type ProductRecord } from '@storefront/domain';
import { Compiler } from '@squarespace/template-engine';
import { TemplateRenderer } from '@storefront/api/dist/rendering';
import { printTable } from './bench-util';

export type RenderBenchOptions = {
  /** Products on the page (default 200). */
  products?: number;
  /** Rounds (default 10); each round's ratio is reported to show the spread. */
  rounds?: number;
  /** Renders per path per round, alternating with the other path (default 30). */
  rendersPerRound?: number;
};

export type RenderBenchRow = {
  products: number;
  htmlBytes: number;
  bareMsPerRender: number;
  oursMsPerRender: number;
  /** ours ÷ bare, time per render (lower is better) */
  ratio: number;
  roundRatios: number[];
};

export const PRODUCT_GRID_TEMPLATE = `<section class="products collection-{collection.id}" data-item-count="{items|count}">
<h1 class="collection-title">{collection.title|htmltag}</h1>
<div class="products-flex-container">
{.repeated section items}
  <article class="product grid-item{.sold-out?} sold-out{.end}{.on-sale?} on-sale{.end}" id="item-{id}" data-item-id="{id}" data-product-type="{structuredContent.productType}">
    <a href="{fullUrl}" class="grid-item-link" aria-label="{title|htmlattr}">
      <div class="grid-image"><img data-src="/static/products/{urlId|slugify}.jpg" alt="{title|htmlattr}" /></div>
    </a>
    <div class="grid-meta">
      <h2 class="grid-title"><a href="{fullUrl}">{title|htmltag}</a></h2>
      {@|product-price}
      <div class="grid-prices">
        {.section structuredContent}<span class="price">{priceMoney|money-format}</span>{.if onSale}<span class="sale">{salePriceMoney|money-string}</span>{.end}{.end}
      </div>
      {.if tags}<ul class="tags">{.repeated section tags}<li>{@|htmltag}</li>{.end}</ul>{.end}
      <ul class="variants">{.repeated section structuredContent.variants}<li data-sku="{sku}">{.repeated section optionValues}{value}{.alternates with} / {.end}{.if unlimited} in stock{.or}{.equal? qtyInStock 0} sold out{.or} {qtyInStock} left{.end}{.end}</li>{.end}</ul>
      {.eval @n = @index * 2}<span class="position" data-n="{@n}">{@index} of {items|count}</span>
      {@|add-to-cart-btn}
    </div>
  </article>
{.end}
</div>
</section>`;

const COLORS = ['Sand', 'Slate', 'Moss', 'Clay', 'Ink'];
const SIZES = ['Small', 'Medium', 'Large'];

/** 200 products shaped like the catalog's ProductRecord (domain/src/catalog/product-record.ts). */
export function productRecords(count: number): ProductRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const variantCount = 1 + (i % 4);
    const record = buildProductRecord({
      id: `prod-${i}`,
      title: `Stoneware ${['Mug', 'Bowl', 'Plate', 'Vase', 'Jug'][i % 5]} No. ${i} & "friends"`,
      urlId: `stoneware-${i}`,
      collectionId: 'shop',
      productType: i % 7 === 0 ? 'DIGITAL' : 'PHYSICAL',
      currency: 'USD',
      variants: Array.from({ length: variantCount }, (_, v) => ({
        id: `var-${i}-${v}`,
        sku: `SKU-${i}-${v}`,
        attributes: { Color: COLORS[(i + v) % COLORS.length]!, Size: SIZES[v % SIZES.length]! },
        priceCents: 1800 + ((i * 37 + v * 250) % 9000),
        salePriceCents: i % 5 === 0 ? 1500 + ((i * 11) % 500) : 0,
        onSale: i % 5 === 0,
        qtyInStock: (i + v) % 6,
        unlimited: i % 9 === 0,
      })),
    });
    return { ...record, tags: i % 3 === 0 ? ['handmade', 'stoneware'] : [] };
  });
}

export function productGridContext(products: ProductRecord[]) {
  return {
    collection: { id: 'shop', title: 'Shop — Clay & Co.', typeName: 'products' },
    website: { siteTitle: 'Clay & Co.', timeZone: 'America/New_York', language: 'en-US' },
    websiteSettings: { storeSettings: { selectedCurrency: 'USD' } },
    localizedStrings: { productAddToCartText: 'Add To Cart', productSoldOutText: 'sold out', productPriceFromText: 'from {fromPrice}' },
    items: products,
  };
}

function timeOne(render: () => string): { ms: number; bytes: number } {
  const start = performance.now();
  const bytes = render().length;
  return { ms: performance.now() - start, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runRenderBench(options: RenderBenchOptions = {}): Promise<RenderBenchRow> {
  const products = options.products ?? 200;
  const rounds = options.rounds ?? 10;
  const perRound = options.rendersPerRound ?? 30;

  const renderer = new TemplateRenderer();
  const context = productGridContext(productRecords(products));
  const cldr = renderer.cldrFor('en-US');
  const { code, errors } = renderer.compile(PRODUCT_GRID_TEMPLATE);
  if (errors.length > 0) throw new Error(`Bench template does not compile: ${errors[0]!.message}`);

  // The bare engine: same formatter/predicate tables, same parsed code, same CLDR instance.
  const compiler = new Compiler({ formatters: renderer.formatters, predicates: renderer.predicates });
  const bare = () => compiler.execute({ code, json: context, cldr, enableExpr: true, enableInclude: true, partials: {}, injects: {} }).ctx.render();
  const ours = () => renderer.render({ template: PRODUCT_GRID_TEMPLATE, context, locale: 'en-US', name: 'product-grid' }).html;

  const oursFirst = renderer.render({ template: PRODUCT_GRID_TEMPLATE, context, locale: 'en-US' });
  if (oursFirst.errors.length > 0) throw new Error(`Bench render reported errors: ${oursFirst.errors.map((e) => e.message).join('; ')}`);
  if (bare() !== oursFirst.html) throw new Error('The two paths render different HTML; the comparison would be meaningless');

  // Warm up both paths (JIT, caches).
  for (let i = 0; i < perRound; i++) {
    bare();
    ours();
  }

  // Renders alternate one by one (and which path goes first alternates too), so drift and
  // garbage collection on a shared machine hit both paths alike; medians discard the pauses.
  const bareTimes: number[] = [];
  const oursTimes: number[] = [];
  const roundRatios: number[] = [];
  let htmlBytes = 0;
  for (let r = 0; r < rounds; r++) {
    const bareRound: number[] = [];
    const oursRound: number[] = [];
    for (let i = 0; i < perRound; i++) {
      const oursFirstNow = (r + i) % 2 === 1;
      const a = timeOne(oursFirstNow ? ours : bare);
      const b = timeOne(oursFirstNow ? bare : ours);
      (oursFirstNow ? oursRound : bareRound).push(a.ms);
      (oursFirstNow ? bareRound : oursRound).push(b.ms);
      htmlBytes = a.bytes;
    }
    bareTimes.push(...bareRound);
    oursTimes.push(...oursRound);
    roundRatios.push(median(oursRound) / median(bareRound));
  }

  const row: RenderBenchRow = {
    products,
    htmlBytes,
    bareMsPerRender: median(bareTimes),
    oursMsPerRender: median(oursTimes),
    ratio: median(oursTimes) / median(bareTimes),
    roundRatios,
  };

  console.log(`\nProduct grid over ${products} ProductRecords (${(htmlBytes / 1024).toFixed(0)} KiB of HTML), ${rounds} rounds of ${perRound} renders per path, alternating render by render; median times`);
  printTable([
    {
      products: row.products,
      'bare ms/render': row.bareMsPerRender.toFixed(2),
      'ours ms/render': row.oursMsPerRender.toFixed(2),
      'ratio ours/bare': row.ratio.toFixed(3),
      'round ratios': `${Math.min(...roundRatios).toFixed(3)}–${Math.max(...roundRatios).toFixed(3)}`,
      target: '<= 1.3',
      verdict: row.ratio <= 1.3 ? 'ok' : 'ABOVE TARGET',
    },
  ]);
  return row;
}

if (require.main === module) {
  runRenderBench().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
