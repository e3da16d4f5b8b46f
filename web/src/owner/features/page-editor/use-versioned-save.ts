import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { errorMessage } from '../../app/api';
import { versionOf } from '../../app/if-match';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { useEditConflict, type EditConflictState } from '../../ui/edit-conflict';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { rebased, saved, type ItemDraft } from './editor-slice';
import type { EditorBlock } from './block-types';
import { publishedSiteShows } from './preview-frame';

/** What a request answered: RTK Query's `{ data }` or `{ error }`. */
type Outcome<View> = { data: View } | { error: unknown };
/** The published page's context, as far as the preview waits on it. */
type PublishedContext = Parameters<Parameters<typeof publishedSiteShows>[1]>[0];

/** The outcome of the last save or publish in words; a block problem (`blocks`: the blocks it was found in) goes once they change. */
export type SaveStatus = { kind: 'error' | 'success'; text: string; blocks?: readonly EditorBlock[] };

export type VersionedSaveOptions<View> = {
  /** The open content is in the editor (targetId names it). */
  loaded: boolean;
  /** Unsaved changes: leaving asks first (the unsaved-changes guard). */
  dirty: boolean;
  /** The published address the preview frame shows. */
  fullUrl: string;
  /** The `updatedOn` the published page's context shows this content at. */
  updatedOnIn: (context: PublishedContext) => number | undefined;
  /** What the answer's content was saved at (`updatedOn`), for the preview to wait on. */
  updatedOnOf: (view: View) => number;
  /** Checks the draft before it goes: false keeps it (the editor says why, through `setStatus`). */
  check: () => boolean;
  /** The draft as it is now (what `saved` compares with afterwards) and its request, based on `version`. */
  send: (version: number | null) => { sent: { blocks?: EditorBlock[]; item?: ItemDraft }; request: Promise<Outcome<View>> };
  /** Publishes, based on `version`. */
  publishRequest: (version: number | null) => Promise<Outcome<View>>;
  /** Reads the content again from the server and loads it into the editor, dropping the local edits. */
  reload: () => Promise<unknown>;
  messages: { saved: string; saveFailed: string; published: (view: View) => string; publishFailed: string };
};

/**
 * The save flow the page editor and the item editor (posts, events) share: check, send the draft
 * based on the version the editor holds (If-Match), keep the answer's version, say how it went,
 * and reload the preview once the published site shows the save; the same for publishing (saving
 * first when there is something unsaved), Ctrl/⌘+S, and the unsaved-changes guard.
 *
 * A save or a publish refused because someone else changed the content first (409 EDIT_CONFLICT)
 * opens the conflict notice: "Reload" drops the local edits and reads the content again; "Apply my
 * changes on top" sends the same request again, based on the version the server now has.
 */
export function useVersionedSave<View>(options: VersionedSaveOptions<View>) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const busy = useRef(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [updating, setUpdating] = useState(false);

  /** The version the editor's content is based on now (not as of the last render: a publish right after a save needs the save's). */
  const currentVersion = useCallback(() => store.getState().pageEditor.version, [store]);

  /** Reloads the frame once the published site shows what was saved at `updatedOn`. */
  const refreshPreview = useCallback(async (updatedOn: number) => {
    setUpdating(true);
    await publishedSiteShows(latest.current.fullUrl, latest.current.updatedOnIn, updatedOn);
    setUpdating(false);
    setReloadKey((k) => k + 1);
  }, []);

  const conflicts: EditConflictState = useEditConflict(async () => {
    setStatus(null);
    await latest.current.reload();
    setReloadKey((k) => k + 1);
  });
  const { caught, dismiss } = conflicts;

  async function save(basedOnVersion?: number): Promise<boolean> {
    const o = latest.current;
    if (!o.loaded || busy.current) return false;
    if (!o.check()) return false;
    dismiss();
    busy.current = true;
    setSaving(true);
    let result: Outcome<View>;
    let sent: { blocks?: EditorBlock[]; item?: ItemDraft };
    try {
      const sending = o.send(basedOnVersion ?? currentVersion());
      sent = sending.sent;
      result = await sending.request;
    } finally {
      busy.current = false;
      setSaving(false);
    }
    if ('error' in result) {
      if (caught(result.error, (version) => save(version))) setStatus(null);
      else setStatus({ kind: 'error', text: errorMessage(result.error, o.messages.saveFailed) });
      return false;
    }
    dispatch(saved({ sent, version: versionOf(result.data) }));
    setStatus({ kind: 'success', text: o.messages.saved });
    await refreshPreview(o.updatedOnOf(result.data));
    return true;
  }

  async function publish(basedOnVersion?: number): Promise<boolean> {
    if (store.getState().pageEditor.dirty && !(await save())) return false;
    dismiss();
    const o = latest.current;
    setPublishing(true);
    let result: Outcome<View>;
    try {
      result = await o.publishRequest(basedOnVersion ?? currentVersion());
    } finally {
      setPublishing(false);
    }
    if ('error' in result) {
      if (caught(result.error, (version) => publish(version))) setStatus(null);
      else setStatus({ kind: 'error', text: errorMessage(result.error, o.messages.publishFailed) });
      return false;
    }
    dispatch(rebased(versionOf(result.data)));
    setStatus({ kind: 'success', text: o.messages.published(result.data) });
    await refreshPreview(o.updatedOnOf(result.data));
    return true;
  }

  useSaveShortcut(() => void save());
  useUnsavedChangesGuard(options.loaded && options.dirty);

  return { save: () => save(), publish: () => publish(), saving, publishing, status, setStatus, conflicts, preview: { reloadKey, updating }, refreshPreview };
}

/** Saves with Ctrl/⌘+S while the editor is open. */
export function useSaveShortcut(save: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);
}
