import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_BLOCK_TYPES, BLOCK_CHOICES, type BlockChoice } from './block-types';

/**
 * "Add block": the block types this editor offers, each with what it is for. Types only an admin
 * may add (text and code are markup) are shown but disabled for everyone else, saying why.
 */
export function AddBlockMenu({ onAdd, canWriteMarkup, full }: { onAdd: (choice: BlockChoice) => void; canWriteMarkup: boolean; full: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="pe-add">
      <button ref={buttonRef} type="button" className="ow-button ow-primary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        + Add block
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="pe-add-panel"
          role="group"
          aria-label="Block types"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          {full && <p className="ow-hint">This page holds the most blocks a page can hold. Delete a block to add another.</p>}
          <ul className="pe-add-grid">
            {BLOCK_CHOICES.map((choice) => {
              const adminOnly = ADMIN_BLOCK_TYPES.has(choice.type) && !canWriteMarkup;
              return (
                <li key={choice.key}>
                  <button
                    type="button"
                    className="pe-add-choice"
                    disabled={adminOnly}
                    onClick={() => {
                      onAdd(choice);
                      setOpen(false);
                    }}
                  >
                    <strong>{choice.label}</strong>
                    <span>{adminOnly ? `Only an admin can add ${choice.label.toLowerCase()} blocks.` : choice.description}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="ow-link-button" onClick={close}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
