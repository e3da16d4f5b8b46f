import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import type { ProductRecord } from '@storefront/domain/catalog/product-record';
import { BLOCK } from '@storefront/domain/site/blocks';
import type { CollectionRecord } from '@storefront/domain/site/site-records';
import type { FormListEntry } from '../forms/forms-api';
import { ADMIN_BLOCK_TYPES, blockLabel, isEditable, type EditorBlock } from './block-types';
import { CheckField, NumberField, SelectField, TextField } from './fields';
import { ImagePicker } from './image-picker';
import { LinkField, type PageChoice } from './link-field';
import { CollectionSelect, FormPicker, ProductPicker } from './pickers';
import { RichTextEditor } from './rich-text-editor';

export type InspectorContext = {
  pages: readonly PageChoice[];
  collections: readonly CollectionRecord[];
  products: { data: readonly ProductRecord[] | undefined; loading: boolean; error: unknown };
  /** May this owner add and change html and code blocks (the admin's; the server refuses anyone else)? */
  canWriteMarkup: boolean;
  /** The site's forms (Forms section), for form and newsletter blocks. */
  forms: { data: readonly FormListEntry[] | undefined; loading: boolean; error: unknown };
};

type Value = Record<string, unknown>;
const text = (v: Value, key: string) => (typeof v[key] === 'string' ? (v[key] as string) : '');
const num = (v: Value, key: string) => (typeof v[key] === 'number' ? (v[key] as number) : null);

/**
 * The fields of the selected block, by its type. Every change goes to the editing state at once
 * (the preview shows it after the next save). Fields left empty are left out of the value, so the
 * server's optional fields stay unset.
 */
export function BlockInspector({ block, onChange, context }: { block: EditorBlock; onChange: (value: Value) => void; context: InspectorContext }) {
  const v = block.value;
  const set = (changes: Value) => {
    const next: Value = { ...v, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === undefined || value === null) delete next[key];
    onChange(next);
  };
  if (ADMIN_BLOCK_TYPES.has(block.type) && !context.canWriteMarkup) {
    return (
      <p className="ow-hint">
        Only an admin can change {blockLabel(block).toLowerCase()} blocks. You can still move this block, or delete it.
      </p>
    );
  }
  if (!isEditable(block.type)) {
    return <p className="ow-hint">This kind of block has no settings to change here. You can move, duplicate or delete it.</p>;
  }
  switch (block.type) {
    case BLOCK.html:
      return (
        <RichTextEditor
          key={block.id}
          label={blockLabel(block) === 'Heading' ? 'Heading text' : FIELD_LABELS.body}
          headings
          value={text(v, 'html')}
          pages={context.pages}
          onChange={(html) => set({ html })}
          hint="Choose Heading 2, 3 or 4 in the style menu for a heading."
        />
      );
    case BLOCK.image:
      return (
        <>
          <ImagePicker key={block.id} label="Image" value={text(v, 'imageId') ? [text(v, 'imageId')] : []} onChange={([imageId]) => set({ imageId })} />
          <TextField label="Alternative text" hint="Describes the image for people who cannot see it; the image's own alt text is used when empty." value={text(v, 'altText')} onChange={(altText) => set({ altText: altText || undefined })} />
          <RichTextEditor key={`${block.id}-caption`} label="Caption" value={text(v, 'caption')} pages={context.pages} onChange={(caption) => set({ caption: caption || undefined })} />
          <LinkField key={`${block.id}-link`} label="Link (optional)" value={text(v, 'link')} pages={context.pages} onChange={(link) => set({ link: link || undefined })} hint="Where a click on the image goes." />
        </>
      );
    case BLOCK.gallery: {
      const options = (v.options ?? {}) as Value;
      return (
        <>
          <TextField label={FIELD_LABELS.title} value={text(v, 'title')} onChange={(title) => set({ title: title || undefined })} />
          <SelectField
            label="Design"
            value={(text(options, 'design') || 'grid') as 'grid' | 'slideshow' | 'slider' | 'stacked'}
            options={[
              { value: 'grid', label: 'Grid' },
              { value: 'slideshow', label: 'Slideshow' },
              { value: 'slider', label: 'Slider' },
              { value: 'stacked', label: 'Stacked' },
            ]}
            onChange={(design) => set({ options: { ...options, design } })}
          />
          <ImagePicker key={block.id} label={FIELD_LABELS.images} multiple value={Array.isArray(v.imageIds) ? (v.imageIds as string[]) : []} onChange={(imageIds) => set({ imageIds })} />
        </>
      );
    }
    case BLOCK.product:
      return (
        <ProductPicker
          value={text(v, 'productId')}
          onChange={(productId) => set({ productId: productId || undefined })}
          products={context.products.data}
          loading={context.products.loading}
          error={context.products.error}
        />
      );
    case BLOCK.button:
      return (
        <>
          <TextField label="Button text" value={text(v, 'label')} onChange={(label) => set({ label })} />
          <LinkField key={block.id} label="Button link" value={text(v, 'url')} pages={context.pages} onChange={(url) => set({ url })} />
          <CheckField label="Open the link in a new tab" checked={v.newWindow === true} onChange={(newWindow) => set({ newWindow: newWindow || undefined })} />
        </>
      );
    case BLOCK.quote:
      return (
        <>
          <TextField label="Quotation" multiline value={text(v, 'text')} onChange={(t) => set({ text: t })} />
          <TextField label="Source" hint="Who said it." value={text(v, 'source')} onChange={(source) => set({ source })} />
        </>
      );
    case BLOCK.summary:
    case 20:
      return (
        <>
          <TextField label={FIELD_LABELS.title} value={text(v, 'title')} onChange={(title) => set({ title: title || undefined })} />
          <CollectionSelect value={text(v, 'collectionId')} collections={context.collections} onChange={(collectionId) => set({ collectionId: collectionId || undefined })} />
          <NumberField label="How many to show" min={1} max={24} step={1} value={num(v, 'pageSize')} onChange={(pageSize) => set({ pageSize: pageSize ?? undefined })} />
          <SelectField
            label="Layout"
            value={(text(v, 'design') || 'grid') as 'grid' | 'list'}
            options={[
              { value: 'grid', label: 'Grid' },
              { value: 'list', label: 'List' },
            ]}
            onChange={(design) => set({ design })}
          />
        </>
      );
    case BLOCK.form:
      return <FormPicker kind="form" value={text(v, 'formId')} onChange={(formId) => set({ formId: formId || undefined })} forms={context.forms} />;
    case BLOCK.newsletter:
      return (
        <>
          <FormPicker kind="newsletter" value={text(v, 'formId')} onChange={(formId) => set({ formId: formId || undefined })} forms={context.forms} />
          <TextField label={FIELD_LABELS.title} value={text(v, 'title')} onChange={(title) => set({ title })} />
          <RichTextEditor key={block.id} label="Description" value={text(v, 'description')} pages={context.pages} onChange={(description) => set({ description })} />
          <TextField label="Button text" value={text(v, 'buttonLabel')} onChange={(buttonLabel) => set({ buttonLabel })} />
        </>
      );
    case BLOCK.video:
      return (
        <>
          <LinkField key={block.id} label="Video link" value={text(v, 'url')} pages={context.pages} onChange={(url) => set({ url: url || undefined })} hint="The address of the video on Vimeo or YouTube." />
          <RichTextEditor key={`${block.id}-caption`} label="Caption" value={text(v, 'caption')} pages={context.pages} onChange={(caption) => set({ caption: caption || undefined })} />
        </>
      );
    case BLOCK.map:
      return <MapFields value={v} onChange={set} />;
    case BLOCK.accordion:
      return <AccordionFields key={block.id} value={v} onChange={set} pages={context.pages} />;
    case BLOCK.spacer:
      return <NumberField label="Height in pixels" min={0} max={10_000} step={1} value={num(v, 'height') ?? 40} onChange={(height) => set({ height: height ?? undefined })} />;
    case BLOCK.markdown:
      return <TextField label="Markdown" multiline value={text(v, 'markdown')} onChange={(markdown) => set({ markdown })} hint="# Heading, **bold**, *italic*, [link](https://…), - list items." />;
    case BLOCK.code:
      return (
        <>
          <TextField label="Code" multiline value={text(v, 'code')} onChange={(code) => set({ code })} />
          <TextField label={FIELD_LABELS.language} hint="For example html, css or javascript." value={text(v, 'language')} onChange={(language) => set({ language: language || undefined })} />
        </>
      );
    default:
      return <p className="ow-hint">This block shows your site's social accounts (Settings). It has nothing else to set.</p>;
  }
}

function MapFields({ value, onChange }: { value: Value; onChange: (changes: Value) => void }) {
  const location = (value.location ?? {}) as Value;
  const setLocation = (changes: Value) => onChange({ location: { ...location, ...changes } });
  return (
    <>
      <TextField label="Place name" value={text(location, 'addressTitle')} onChange={(addressTitle) => setLocation({ addressTitle })} />
      <TextField label="Address line 1" value={text(location, 'addressLine1')} onChange={(addressLine1) => setLocation({ addressLine1 })} />
      <TextField label="Address line 2" value={text(location, 'addressLine2')} onChange={(addressLine2) => setLocation({ addressLine2 })} />
      <TextField label="Country" value={text(location, 'addressCountry')} onChange={(addressCountry) => setLocation({ addressCountry })} />
      <div className="pe-field-row">
        <NumberField label="Latitude" min={-90} max={90} step="any" value={num(location, 'mapLat')} onChange={(mapLat) => setLocation({ mapLat })} />
        <NumberField label="Longitude" min={-180} max={180} step="any" value={num(location, 'mapLng')} onChange={(mapLng) => setLocation({ mapLng })} />
      </div>
      <NumberField label="Zoom" hint="From 1 (the world) to 19 (a street)." min={1} max={19} step={1} value={num(value, 'zoom')} onChange={(zoom) => onChange({ zoom: zoom ?? undefined })} />
    </>
  );
}

function AccordionFields({ value, onChange, pages }: { value: Value; onChange: (changes: Value) => void; pages: readonly PageChoice[] }) {
  const items = (Array.isArray(value.items) ? value.items : []) as { title: string; body: string }[];
  const setItems = (next: { title: string; body: string }[]) => onChange({ items: next });
  return (
    <ol className="pe-accordion-items">
      {items.map((item, i) => (
        <li key={i}>
          <fieldset>
            <legend>Item {i + 1}</legend>
            <TextField label={FIELD_LABELS.title} value={item.title} onChange={(title) => setItems(items.map((it, j) => (j === i ? { ...it, title } : it)))} />
            <RichTextEditor label="Answer" value={item.body} pages={pages} onChange={(body) => setItems(items.map((it, j) => (j === i ? { ...it, body } : it)))} />
            <button type="button" className="ow-button" disabled={items.length === 1} onClick={() => setItems(items.filter((_, j) => j !== i))}>
              Remove item {i + 1}
            </button>
          </fieldset>
        </li>
      ))}
      <li>
        <button type="button" className="ow-button" onClick={() => setItems([...items, { title: '', body: '' }])}>
          Add an item
        </button>
      </li>
    </ol>
  );
}
