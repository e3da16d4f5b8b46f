import { useEffect, useId, useRef, useState } from 'react';
import { invalidUrlMessage } from './product-draft';

/**
 * A small rich-text field for a product's description: paragraphs, bold, italic, lists and links,
 * as HTML (the server keeps only its allow-list of rich text). The toolbar's buttons are reachable
 * by Tab; Ctrl/⌘+B and +I work inside the text too. Only what the owner types reaches `onChange`,
 * so loading a description never marks it changed.
 */
export function RichTextEditor({
  id, labelId, value, onChange, invalid, describedBy, placeholder,
}: {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linking, setLinking] = useState<{ url: string; error: string | null } | null>(null);
  const savedRange = useRef<Range | null>(null);
  const linkId = useId();

  // Shows a value that came from outside (a load, a discard), never one the owner just typed.
  useEffect(() => {
    if (area.current && value !== emitted.current) {
      area.current.innerHTML = value;
      emitted.current = value;
    }
  }, [value]);

  const emit = () => {
    if (!area.current) return;
    const html = isEmptyContent(area.current) ? '' : area.current.innerHTML;
    emitted.current = html;
    onChange(html);
    refreshState();
  };

  const refreshState = () => {
    if (typeof document.queryCommandState !== 'function') return;
    setActive({
      bold: document.queryCommandState('bold'),
      italic: document.queryCommandState('italic'),
      insertUnorderedList: document.queryCommandState('insertUnorderedList'),
      insertOrderedList: document.queryCommandState('insertOrderedList'),
    });
  };

  const run = (command: string, arg?: string) => {
    area.current?.focus();
    if (typeof document.execCommand === 'function') document.execCommand(command, false, arg);
    emit();
  };

  const startLink = () => {
    const selection = window.getSelection();
    savedRange.current = selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode) ? selection.getRangeAt(0).cloneRange() : null;
    setLinking({ url: 'https://', error: null });
  };

  const applyLink = () => {
    if (!linking) return;
    const url = normaliseLink(linking.url);
    if (!url) {
      setLinking({ ...linking, error: invalidUrlMessage(linking.url) });
      return;
    }
    area.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && selection.isCollapsed) run('insertHTML', `<a href="${escapeAttribute(url)}">${escapeText(linking.url)}</a>`);
    else run('createLink', url);
    setLinking(null);
  };

  const tool = (command: string, label: string, text: string, shortcut?: string) => (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={active[command] ?? false}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => run(command)}
    >
      {text}
    </button>
  );

  return (
    <div className="pr-rte" aria-invalid={invalid || undefined}>
      <div className="pr-rte-toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
        {tool('bold', 'Bold', 'B', 'Ctrl+B')}
        {tool('italic', 'Italic', 'I', 'Ctrl+I')}
        {tool('insertUnorderedList', 'Bulleted list', '• List')}
        {tool('insertOrderedList', 'Numbered list', '1. List')}
        <button type="button" aria-label="Link" aria-expanded={linking !== null} onMouseDown={(e) => e.preventDefault()} onClick={startLink}>
          Link
        </button>
        <button type="button" aria-label="Remove link" onMouseDown={(e) => e.preventDefault()} onClick={() => run('unlink')}>
          Unlink
        </button>
      </div>
      {linking && (
        <div className="pr-rte-link">
          <label htmlFor={linkId} className="pr-visually-hidden">
            Link address
          </label>
          <input
            id={linkId}
            type="url"
            value={linking.url}
            autoFocus
            aria-invalid={linking.error !== null}
            aria-describedby={linking.error ? `${linkId}-error` : undefined}
            onChange={(e) => setLinking({ url: e.target.value, error: null })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') {
                e.stopPropagation();
                setLinking(null);
              }
            }}
          />
          <button type="button" className="ow-button pr-small" onClick={applyLink}>
            Add link
          </button>
          <button type="button" className="ow-button pr-small" onClick={() => setLinking(null)}>
            Cancel
          </button>
          {linking.error && (
            <span id={`${linkId}-error`} className="ow-field-error" role="alert">
              {linking.error}
            </span>
          )}
        </div>
      )}
      <div
        id={id}
        ref={area}
        className="pr-rte-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        data-placeholder={placeholder}
        tabIndex={0}
        onInput={emit}
        onKeyUp={refreshState}
        onMouseUp={refreshState}
        onPaste={(e) => {
          // Pasted text comes in plain: formatting from elsewhere is not this site's.
          e.preventDefault();
          const text = e.clipboardData.getData('text/plain');
          if (typeof document.execCommand === 'function') document.execCommand('insertText', false, text);
          emit();
        }}
      />
    </div>
  );
}

/** SPEC 5 'Empty-content check': whitespace, non-breaking spaces and zero-width characters are empty. */
function isEmptyContent(el: HTMLElement): boolean {
  return (el.textContent ?? '').replace(/[\s\u00a0\u200b-\u200d\ufeff]/g, '') === '' && el.querySelector('img') === null;
}

/** An http(s) or mailto address; a bare host ('example.com') gets https://. Null when it is not one. */
export function normaliseLink(raw: string): string | null {
  const text = raw.trim();
  if (/^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/i.test(text)) return text;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname)) return url.href;
  } catch {
    return null;
  }
  return null;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
