import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { blockLabel, blockSummary, type EditorBlock } from './block-types';

type Names = Parameters<typeof blockSummary>[1];

/**
 * The page's blocks in order. Each row selects its block, and moves it: by dragging its handle, by
 * keyboard (Space or Enter on the handle picks it up, the arrow keys move it, Space or Enter drops
 * it, Escape puts it back), or with the Move up / Move down buttons. Every move is announced in the
 * live region (`announcement`, from the editing state).
 */
export function BlockList({
  blocks, selectedId, problemId, names, announcement, onSelect, onMove, onDuplicate, onDelete, onAnnounce,
}: {
  blocks: readonly EditorBlock[];
  selectedId: string | null;
  problemId: string | null;
  names: Names;
  announcement: string;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  onAnnounce: (text: string) => void;
}) {
  const helpId = useId();
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [grabbed, setGrabbed] = useState<{ id: string; from: number } | null>(null);
  const [drag, setDrag] = useState<{ id: string; over: number | null } | null>(null);
  const dragFromHandle = useRef(false);
  const grabbedRef = useRef(grabbed);
  useEffect(() => {
    grabbedRef.current = grabbed;
  }, [grabbed]);

  // A moved row is a moved DOM node, which loses focus: the handle being moved by keyboard keeps it.
  useEffect(() => {
    if (grabbed) handles.current.get(grabbed.id)?.focus();
  }, [blocks, grabbed]);

  const count = blocks.length;
  const place = (i: number) => `position ${i + 1} of ${count}`;

  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>, block: EditorBlock, index: number) => {
    const label = blockLabel(block);
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (grabbed?.id === block.id) {
        setGrabbed(null);
        onAnnounce(`Dropped ${label} block at ${place(index)}.`);
      } else {
        setGrabbed({ id: block.id, from: index });
        onAnnounce(`Picked up ${label} block at ${place(index)}. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.`);
      }
    } else if (grabbed?.id === block.id && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = e.key === 'ArrowUp' ? index - 1 : index + 1;
      if (to < 0 || to >= count) onAnnounce(`${label} block is already at ${place(index)}.`);
      else onMove(index, to);
    } else if (grabbed?.id === block.id && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onMove(index, grabbed.from);
      setGrabbed(null);
      onAnnounce(`Move cancelled. ${label} block is back at position ${grabbed.from + 1} of ${count}.`);
    }
  };

  const dropIndex = (e: DragEvent<HTMLLIElement>, index: number) => {
    const box = e.currentTarget.getBoundingClientRect();
    return e.clientY > box.top + box.height / 2 ? index + 1 : index;
  };

  if (count === 0) {
    return (
      <>
        <p className="pe-empty">This page has no blocks yet. Add a heading, some text or an image to start.</p>
        <p className="pe-visually-hidden" aria-live="polite" role="status">
          {announcement}
        </p>
      </>
    );
  }

  return (
    <>
      <p id={helpId} className="pe-visually-hidden">
        Press Space or Enter to pick the block up, the up and down arrow keys to move it, and Space or Enter to drop it.
      </p>
      <ol className="pe-block-list" aria-label="Blocks of this page">
        {blocks.map((block, index) => {
          const label = blockLabel(block);
          const summary = blockSummary(block, names);
          const selected = block.id === selectedId;
          const over = drag && drag.over !== null && drag.id !== block.id ? drag.over : null;
          const classes = ['pe-block-row', selected && 'is-selected', grabbed?.id === block.id && 'is-grabbed', drag?.id === block.id && 'is-dragging',
            over === index && 'drop-before', over === index + 1 && index === count - 1 && 'drop-after', problemId === block.id && 'has-problem'].filter(Boolean).join(' ');
          return (
            <li
              key={block.id}
              className={classes}
              draggable
              onDragStart={(e) => {
                if (!dragFromHandle.current) {
                  e.preventDefault();
                  return;
                }
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', block.id);
                setDrag({ id: block.id, over: null });
              }}
              onDragOver={(e) => {
                if (!drag) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                const over = dropIndex(e, index);
                if (over !== drag.over) setDrag({ ...drag, over });
              }}
              onDrop={(e) => {
                if (!drag) return;
                e.preventDefault();
                const from = blocks.findIndex((b) => b.id === drag.id);
                const target = dropIndex(e, index);
                const to = target > from ? target - 1 : target;
                setDrag(null);
                dragFromHandle.current = false;
                if (from !== -1) onMove(from, to);
              }}
              onDragEnd={() => {
                setDrag(null);
                dragFromHandle.current = false;
              }}
            >
              <button
                ref={(el) => {
                  if (el) handles.current.set(block.id, el);
                  else handles.current.delete(block.id);
                }}
                type="button"
                className="pe-handle"
                aria-label={`Move ${label} block, ${place(index)}`}
                aria-describedby={helpId}
                aria-pressed={grabbed?.id === block.id}
                onPointerDown={() => {
                  dragFromHandle.current = true;
                }}
                onPointerUp={() => {
                  dragFromHandle.current = false;
                }}
                onKeyDown={(e) => onHandleKey(e, block, index)}
                onBlur={() => {
                  if (grabbed?.id !== block.id) return;
                  // Moving a row moves its DOM node, which blurs the handle until the effect above
                  // focuses it again; only focus that stays elsewhere (a click away) drops the block.
                  setTimeout(() => {
                    const handle = handles.current.get(block.id);
                    if (grabbedRef.current?.id === block.id && document.activeElement !== handle) {
                      setGrabbed(null);
                      onAnnounce(`Dropped ${label} block.`);
                    }
                  }, 0);
                }}
              >
                <Icon name="grip" />
              </button>
              <button type="button" className="pe-row-main" aria-current={selected ? 'true' : undefined} onClick={() => onSelect(block.id)}>
                <span className="pe-row-label">
                  <span className="pe-row-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  {label}
                </span>
                {summary && <span className="pe-row-summary">{summary}</span>}
              </button>
              <span className="pe-row-actions">
                <button type="button" className="pe-icon" aria-label={`Move ${label} block up`} title="Move up" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
                  <Icon name="up" />
                </button>
                <button type="button" className="pe-icon" aria-label={`Move ${label} block down`} title="Move down" disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
                  <Icon name="down" />
                </button>
                <button type="button" className="pe-icon" aria-label={`Duplicate ${label} block`} title="Duplicate" onClick={() => onDuplicate(block.id)}>
                  <Icon name="copy" />
                </button>
                <button type="button" className="pe-icon pe-icon-danger" aria-label={`Delete ${label} block`} title="Delete" onClick={() => onDelete(block.id)}>
                  <Icon name="delete" />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="pe-visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
    </>
  );
}

const ICON_PATHS: Record<'up' | 'down' | 'copy' | 'delete' | 'grip', string> = {
  up: 'M8 13V3M3.5 7.5 8 3l4.5 4.5',
  down: 'M8 3v10M3.5 8.5 8 13l4.5-4.5',
  copy: 'M5.5 5.5h7v7h-7zM3.5 10.5v-7h7',
  delete: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  grip: 'M6 3.5h.01M10 3.5h.01M6 8h.01M10 8h.01M6 12.5h.01M10 12.5h.01',
};

/** The block row's small line icons (decorative: every button has its own label). */
function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={name === 'grip' ? 2.6 : 1.5} strokeLinecap="round" strokeLinejoin="round">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
