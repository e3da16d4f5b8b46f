import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import type { CollectionRecord, ContentItemRecord } from '@storefront/domain/site/site-records';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetSiteSummaryQuery } from '../../shell/session-api';
import { Alert, PageHeader } from '../../ui/page-header';
import { HistoryButton } from '../history/history-button';
import { EditConflictNotice } from '../../ui/edit-conflict';
import { itemChanged, itemLoaded, type ItemDraft, type ItemLocation } from './editor-slice';
import { TextField } from './fields';
import { ImagePicker } from './image-picker';
import { pageChoices } from './page-editor';
import { pageEditorApi, usePublishEditedItemMutation, useSaveItemMutation, versionOf, type ItemView } from './page-editor-api';
import { PreviewFrame } from './preview-frame';
import { RichTextEditor } from './rich-text-editor';
import { useVersionedSave } from './use-versioned-save';
import { fromZonedInput, toZonedInput } from './zoned-time';
import './page-editor.css';

const EMPTY_LOCATION: ItemLocation = { addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null, mapZoom: null };

/** The editable fields of a post or an event as the API gave them. */
export function draftOf(item: ContentItemRecord): ItemDraft {
  const event = item.recordType === 12;
  return {
    title: item.title,
    excerpt: item.excerpt,
    body: item.body,
    mainImageId: item.mainImageId,
    startDate: event ? item.startDate ?? null : null,
    endDate: event ? item.endDate ?? null : null,
    location: event ? { ...EMPTY_LOCATION, ...item.location } : null,
  };
}

/** What keeps the draft from being saved, in the catalogue's words (the server says the same). */
export function itemProblem(draft: ItemDraft, event: boolean): { field: string; message: string } | null {
  if (draft.title.trim() === '' || draft.title.length > 200) return { field: 'title', message: ERROR_MESSAGES.INVALID_TITLE };
  if (event) {
    if (draft.startDate === null) return { field: 'startDate', message: ERROR_MESSAGES.INVALID_DATE };
    if (draft.endDate !== null && draft.endDate < draft.startDate) return { field: 'endDate', message: ERROR_MESSAGES.INVALID_EVENT_DATES };
  }
  return null;
}

/**
 * A blog post or an event, edited the same way as a page: its own fields on the left (title,
 * excerpt, body, main image; an event's dates in the website's time zone and its location), the
 * published item in the frame on the right. Save sends PUT /api/site/items/{id} (one
 * ContentItemEdited event), Publish POST …/publish.
 */
export function ItemEditor({ view, collections }: { view: ItemView; collections: readonly CollectionRecord[] }) {
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => s.pageEditor);
  const item = view.item;
  const event = item.recordType === 12;
  const site = useGetSiteSummaryQuery();
  const timeZone = (site.data?.website as { timeZone?: string } | undefined)?.timeZone ?? 'America/New_York';
  const [saveItem] = useSaveItemMutation();
  const [publishItem] = usePublishEditedItemMutation();
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const collection = collections.find((c) => c.id === item.collectionId);
  const pages = useMemo(() => pageChoices(collections), [collections]);

  const loaded = editor.targetId === item.id && editor.item !== null;
  useEffect(() => {
    if (!loaded) dispatch(itemLoaded({ id: item.id, item: draftOf(item), version: versionOf(view) }));
  }, [dispatch, item, loaded, view]);

  const draft = editor.item;
  const { save, publish, saving, publishing, status, setStatus, conflicts, preview, refreshPreview } = useVersionedSave<ItemView>({
    loaded: loaded && draft !== null,
    dirty: editor.dirty,
    fullUrl: item.fullUrl,
    updatedOnIn: (context) => context.item?.updatedOn,
    updatedOnOf: (saved) => saved.item.updatedOn,
    check: () => {
      const found = draft ? itemProblem(draft, event) : null;
      setProblem(found);
      if (found) setStatus({ kind: 'error', text: found.message });
      return found === null;
    },
    send: (version) => ({ sent: { item: draft! }, request: saveItem({ id: item.id, item: draft!, version }) }),
    publishRequest: (version) => publishItem({ id: item.id, version }),
    reload: async () => {
      const fresh = await dispatch(pageEditorApi.endpoints.editorItem.initiate(item.id, { forceRefetch: true, subscribe: false })).unwrap();
      dispatch(itemLoaded({ id: fresh.item.id, item: draftOf(fresh.item), version: versionOf(fresh) }));
    },
    messages: {
      saved: item.workflowState === 'Published' ? 'Saved. The published page shows your changes.' : 'Saved. Publish it to show it to visitors.',
      saveFailed: 'Unable to save. Please try again.',
      published: (view) => (view.item.workflowState === 'Scheduled' ? 'Scheduled.' : 'Published. Visitors now see it.'),
      publishFailed: 'Unable to publish. Please try again.',
    },
  });

  if (!loaded || !draft) return null;
  const change = (changes: Partial<ItemDraft>) => dispatch(itemChanged(changes));
  const location = draft.location ?? EMPTY_LOCATION;
  const kindName = event ? 'Event' : 'Blog post';

  return (
    <div className="pe-editor">
      <PageHeader
        title={draft.title || item.title || `Untitled ${kindName.toLowerCase()}`}
        subtitle={
          <>
            {kindName}
            {collection ? ` in ${collection.title}` : ''} · <span className="pe-path">{item.fullUrl}</span> · {item.workflowState}
            {editor.dirty && <span className="pe-unsaved"> · Unsaved changes</span>}
          </>
        }
        actions={
          <>
            <a className="ow-button" href={item.fullUrl} target="_blank" rel="noopener">
              View <span aria-hidden="true">↗</span>
              <span className="pe-visually-hidden"> (opens in a new tab)</span>
            </a>
            <HistoryButton subject={{ kind: 'item', id: item.id }} name={`“${item.title}”`} path={item.fullUrl} unsaved={editor.dirty}
              onRestored={(v: ItemView) => { dispatch(itemLoaded({ id: item.id, item: draftOf(v.item), version: versionOf(v) })); void refreshPreview(v.item.updatedOn); }} />
            {item.workflowState !== 'Published' && (
              <button type="button" className="ow-button" disabled={publishing || saving} onClick={() => void publish()}>
                {publishing ? 'Publishing…' : editor.dirty ? 'Save and publish' : 'Publish'}
              </button>
            )}
            <button type="button" className="ow-button ow-primary" disabled={saving} onClick={() => void save()}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </>
        }
      />
      {status && <Alert kind={status.kind}>{status.text}</Alert>}
      <EditConflictNotice state={conflicts} />
      <div className="pe-layout">
        <section className="pe-blocks ow-panel-box" aria-label={`${kindName} content`}>
          <TextField label={FIELD_LABELS.title} value={draft.title} maxLength={200} error={problem?.field === 'title' ? problem.message : null} onChange={(title) => change({ title })} />
          {event && (
            <fieldset className="pe-fieldset">
              <legend>When</legend>
              <p className="ow-hint">In the website's time zone, {timeZone}.</p>
              <div className="pe-field-row pe-dates">
                <TextField
                  label={FIELD_LABELS.startDate}
                  type="datetime-local"
                  value={toZonedInput(draft.startDate, timeZone)}
                  error={problem?.field === 'startDate' ? problem.message : null}
                  onChange={(v) => change({ startDate: fromZonedInput(v, timeZone) })}
                />
                <TextField
                  label={FIELD_LABELS.endDate}
                  type="datetime-local"
                  value={toZonedInput(draft.endDate, timeZone)}
                  error={problem?.field === 'endDate' ? problem.message : null}
                  onChange={(v) => change({ endDate: fromZonedInput(v, timeZone) })}
                />
              </div>
            </fieldset>
          )}
          {event && (
            <fieldset className="pe-fieldset">
              <legend>Where</legend>
              <TextField label="Place name" value={location.addressTitle} onChange={(addressTitle) => change({ location: { ...location, addressTitle } })} />
              <TextField label="Address line 1" value={location.addressLine1} onChange={(addressLine1) => change({ location: { ...location, addressLine1 } })} />
              <TextField label="Address line 2" value={location.addressLine2} onChange={(addressLine2) => change({ location: { ...location, addressLine2 } })} />
              <TextField label="Country" value={location.addressCountry} onChange={(addressCountry) => change({ location: { ...location, addressCountry } })} />
            </fieldset>
          )}
          <ImagePicker label={FIELD_LABELS.mainImageId} startOpen={false} value={draft.mainImageId ? [draft.mainImageId] : []} onChange={([id]) => change({ mainImageId: id ?? null })} />
          {draft.mainImageId && (
            <button type="button" className="ow-link-button pe-remove-image" onClick={() => change({ mainImageId: null })}>
              Remove the main image
            </button>
          )}
          <RichTextEditor label={FIELD_LABELS.excerpt} value={draft.excerpt} pages={pages} onChange={(excerpt) => change({ excerpt })} hint="A short summary shown in lists and summary blocks." />
          <RichTextEditor label={event ? 'Description' : 'Body'} headings value={draft.body} pages={pages} onChange={(body) => change({ body })} />
        </section>
        <PreviewFrame src={item.fullUrl} title={`Preview of ${draft.title || item.title}`} reloadKey={preview.reloadKey} updating={preview.updating} />
      </div>
    </div>
  );
}
