/**
 * The back-in-stock mail (issue 15): the product's name, image, price and link, and an unsubscribe
 * link, in the sign-up's language where we have its words (else English). Pure: the worker looks
 * up the facts and hands them in; every value is escaped in the HTML part.
 */
export const RESTOCK_MAIL_STRINGS = {
  en: { subject: '{product} is back in stock', body: 'Good news: {product} is back in stock at {site}.', price: 'Price', shop: 'Shop now', unsubscribe: 'Stop these notifications', why: 'You asked to be told when this item came back.' },
  fr: { subject: '{product} est de nouveau en stock', body: 'Bonne nouvelle : {product} est de nouveau en stock chez {site}.', price: 'Prix', shop: 'Acheter', unsubscribe: 'Ne plus recevoir ces avis', why: 'Vous avez demandé à être prévenu du retour de cet article.' },
  de: { subject: '{product} ist wieder vorrätig', body: 'Gute Nachricht: {product} ist bei {site} wieder vorrätig.', price: 'Preis', shop: 'Jetzt kaufen', unsubscribe: 'Keine weiteren Benachrichtigungen', why: 'Sie wollten erfahren, wann dieser Artikel wieder da ist.' },
  es: { subject: '{product} vuelve a estar disponible', body: 'Buenas noticias: {product} vuelve a estar disponible en {site}.', price: 'Precio', shop: 'Comprar ahora', unsubscribe: 'Dejar de recibir estos avisos', why: 'Pediste que te avisáramos cuando este artículo volviera.' },
} as const;

export type RestockMailLanguage = keyof typeof RESTOCK_MAIL_STRINGS;

export type RestockMailFacts = {
  to: string;
  language: string | null;
  siteTitle: string;
  productName: string;
  /** The variant's options ('Glaze: Moss'), empty for a product of one variant. */
  variantLabel: string;
  priceText: string;
  productUrl: string;
  imageUrl: string | null;
  unsubscribeUrl: string;
};

/** The language of the strings used for `tag` (a BCP 47 tag): its primary subtag when we have it, else English. */
export function restockMailLanguage(tag: string | null): RestockMailLanguage {
  const primary = (tag ?? '').split('-')[0]!.toLowerCase();
  return primary in RESTOCK_MAIL_STRINGS ? (primary as RestockMailLanguage) : 'en';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
/** A header line: no line breaks, bounded. */
const oneLine = (s: string, max = 200) => s.replace(/[\r\n\t]+/g, ' ').slice(0, max);

export function restockNotificationMail(facts: RestockMailFacts): { to: string[]; subject: string; text: string; html: string } {
  const words = RESTOCK_MAIL_STRINGS[restockMailLanguage(facts.language)];
  const product = facts.variantLabel ? `${facts.productName} (${facts.variantLabel})` : facts.productName;
  const body = fill(words.body, { product, site: facts.siteTitle });
  const text = [body, '', `${words.price}: ${facts.priceText}`, `${words.shop}: ${facts.productUrl}`, '', words.why, `${words.unsubscribe}: ${facts.unsubscribeUrl}`].join('\n');
  const html =
    `<p>${escapeHtml(body)}</p>` +
    (facts.imageUrl ? `<p><a href="${escapeHtml(facts.productUrl)}"><img src="${escapeHtml(facts.imageUrl)}" alt="${escapeHtml(product)}" width="300"></a></p>` : '') +
    `<p>${escapeHtml(words.price)}: <strong>${escapeHtml(facts.priceText)}</strong></p>` +
    `<p><a href="${escapeHtml(facts.productUrl)}">${escapeHtml(words.shop)}</a></p>` +
    `<p><small>${escapeHtml(words.why)} <a href="${escapeHtml(facts.unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a></small></p>`;
  return { to: [facts.to], subject: oneLine(fill(words.subject, { product })), text, html };
}
