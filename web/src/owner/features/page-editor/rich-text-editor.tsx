import { linkFromInput, linkProblem, type LinkKind } from '@storefront/domain/site/link-editor';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SelectField, TextField } from './fields';
import type { PageChoice } from './link-field';

type BlockStyle = 'p' | 'h2' | 'h3' | 'h4';
const STYLE_OPTIONS: readonly { value: BlockStyle; label: string }[] = [
  { value: 'p', label: 'Paragraph' },
  { value: 'h2', label: 'Heading 2' },
  { value: 'h3', label: 'Heading 3' },
  { value: 'h4', label: 'Heading 4' },
];

const LINK_KINDS: readonly { value: LinkKind; label: string }[] = [
  { value: 'page', label: 'Page on this site' },
  { value: 'web', label: 'Web address' },
  { value: 'email', label: 'Email address' },
];

/**
 * The markup the browser's editing leaves, tidied: no inline styles, no spans or font tags, divs
 * as paragraphs, and nothing at all for an editor holding only an empty line. The server sanitizes
 * whatever arrives anyway (docs/SECURITY.md); this keeps what is stored close to what was meant.
 */
export function tidyHtml(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const el of Array.from(copy.querySelectorAll('[style]'))) el.removeAttribute('style');
  for (const el of Array.from(copy.querySelectorAll('span, font'))) el.replaceWith(...Array.from(el.childNodes));
  for (const div of Array.from(copy.querySelectorAll('div'))) {
    const p = copy.ownerDocument.createElement('p');
    p.append(...Array.from(div.childNodes));
    div.replaceWith(p);
  }
  const html = copy.innerHTML.trim();
  return html === '<br>' ? '' : html;
}

/** The browser's editing command (jsdom has none: a no-op there). */
function exec(command: string, argument?: string): void {
  if (typeof document.execCommand === 'function') document.execCommand(command, false, argument);
}

function currentBlockStyle(): BlockStyle {
  let node: Node | null = document.getSelection()?.anchorNode ?? null;
  while (node && node.nodeType !== Node.ELEMENT_NODE) node = node.parentNode;
  const block = (node as Element | null)?.closest?.('h1, h2, h3, h4, h5, h6, p, li');
  const tag = block?.tagName.toLowerCase();
  return tag === 'h2' || tag === 'h3' || tag === 'h4' ? tag : 'p';
}

/**
 * Rich text for headings, paragraphs and captions: a simple toolbar (block style, bold, italic,
 * link, bulleted and numbered lists) over the browser's own editing. `headings` offers the heading
 * styles. Ctrl/⌘+B and +I work as everywhere; Ctrl/⌘+K opens the link editor.
 */
export function RichTextEditor({
  label, value, onChange, pages, headings = false, hint, autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  pages: readonly PageChoice[];
  headings?: boolean;
  hint?: string;
  autoFocus?: boolean;
}) {
  const labelId = useId();
  const hintId = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [style, setStyle] = useState<BlockStyle>('p');
  const [active, setActive] = useState({ bold: false, italic: false, ul: false, ol: false });
  const [linkOpen, setLinkOpen] = useState(false);

  // The editor's content follows `value` when it changes from outside (another block opened), never while typing in it.
  useEffect(() => {
    const el = editorRef.current;
    if (el && document.activeElement !== el && el.innerHTML !== value) el.innerHTML = value;
  }, [value]);

  useEffect(() => {
    if (autoFocus) editorRef.current?.focus();
  }, [autoFocus]);

  const report = useCallback(() => {
    const el = editorRef.current;
    if (el) onChange(tidyHtml(el));
  }, [onChange]);

  const refreshState = useCallback(() => {
    const el = editorRef.current;
    const selection = document.getSelection();
    if (!el || !selection?.anchorNode || !el.contains(selection.anchorNode)) return;
    const state = (command: string) => {
      try {
        return document.queryCommandState(command);
      } catch {
        return false;
      }
    };
    setActive({ bold: state('bold'), italic: state('italic'), ul: state('insertUnorderedList'), ol: state('insertOrderedList') });
    setStyle(currentBlockStyle());
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshState);
    return () => document.removeEventListener('selectionchange', refreshState);
  }, [refreshState]);

  const run = (command: string, argument?: string) => {
    const el = editorRef.current;
    if (!el) return;
    el.focus();
    if (savedRange.current) {
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(savedRange.current);
      savedRange.current = null;
    }
    exec('styleWithCSS', 'false');
    exec(command, argument);
    report();
    refreshState();
  };

  const openLink = () => {
    const selection = document.getSelection();
    const el = editorRef.current;
    if (selection && selection.rangeCount > 0 && el?.contains(selection.anchorNode)) savedRange.current = selection.getRangeAt(0).cloneRange();
    setLinkOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      openLink();
    }
  };

  return (
    <div className="ow-field pe-rich-text">
      <span id={labelId} className="ow-label">
        {label}
      </span>
      <div className="pe-toolbar" role="toolbar" aria-label={`Formatting of ${label.toLowerCase()}`}>
        {headings && (
          <select
            aria-label="Text style"
            value={style}
            onMouseDown={() => {
              const selection = document.getSelection();
              if (selection && selection.rangeCount > 0 && editorRef.current?.contains(selection.anchorNode)) savedRange.current = selection.getRangeAt(0).cloneRange();
            }}
            onChange={(e) => {
              setStyle(e.target.value as BlockStyle);
              run('formatBlock', e.target.value);
            }}
          >
            {STYLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
        <ToolButton label="Bold" shortcut="Ctrl+B" pressed={active.bold} onPress={() => run('bold')}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton label="Italic" shortcut="Ctrl+I" pressed={active.italic} onPress={() => run('italic')}>
          <em>I</em>
        </ToolButton>
        <ToolButton label="Link" shortcut="Ctrl+K" pressed={linkOpen} onPress={openLink}>
          Link
        </ToolButton>
        <ToolButton label="Remove link" onPress={() => run('unlink')}>
          Unlink
        </ToolButton>
        <ToolButton label="Bulleted list" pressed={active.ul} onPress={() => run('insertUnorderedList')}>
          • List
        </ToolButton>
        <ToolButton label="Numbered list" pressed={active.ol} onPress={() => run('insertOrderedList')}>
          1. List
        </ToolButton>
      </div>
      <div
        ref={editorRef}
        className="pe-rich-text__area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        tabIndex={0}
        onInput={report}
        onBlur={report}
        onKeyDown={onKeyDown}
        onFocus={() => exec('defaultParagraphSeparator', 'p')}
      />
      {hint && (
        <span id={hintId} className="ow-hint">
          {hint}
        </span>
      )}
      {linkOpen && (
        <LinkPopover
          pages={pages}
          onCancel={() => {
            setLinkOpen(false);
            editorRef.current?.focus();
          }}
          onApply={(link) => {
            setLinkOpen(false);
            run('createLink', link);
          }}
        />
      )}
    </div>
  );
}

function ToolButton({
  label, shortcut, pressed, onPress, children,
}: {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  onPress: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="pe-tool"
      aria-label={label}
      aria-pressed={pressed}
      title={shortcut ? `${label} (${shortcut})` : label}
      // Keeps the text selected in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
    >
      {children}
    </button>
  );
}

/** The link editor for a stretch of rich text: where it goes, checked as typed (SPEC 5's messages). */
function LinkPopover({ pages, onApply, onCancel }: { pages: readonly PageChoice[]; onApply: (link: string) => void; onCancel: () => void }) {
  const [kind, setKind] = useState<LinkKind>('page');
  const [input, setInput] = useState('');
  const [tried, setTried] = useState(false);
  const listId = useId();
  const problem = linkProblem(kind, input, pages.map((p) => p.path));
  const apply = () => {
    setTried(true);
    if (!problem) onApply(linkFromInput(kind, input));
  };
  return (
    <div
      className="pe-link-popover"
      role="group"
      aria-label="Add a link"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
        if (e.key === 'Enter') {
          e.preventDefault();
          apply();
        }
      }}
    >
      <SelectField label="Link to" value={kind} options={LINK_KINDS} onChange={(k) => setKind(k)} />
      <TextField
        label={kind === 'page' ? 'Page' : kind === 'web' ? 'Web address' : 'Email address'}
        value={input}
        onChange={setInput}
        onBlur={() => setTried(true)}
        list={kind === 'page' ? listId : undefined}
        autoFocus
        error={tried ? problem : null}
        placeholder={kind === 'page' ? '/about' : kind === 'web' ? 'https://www.example.com' : 'name@example.com'}
      />
      {kind === 'page' && (
        <datalist id={listId}>
          {pages.map((p) => (
            <option key={p.path} value={p.path}>
              {p.title}
            </option>
          ))}
        </datalist>
      )}
      <div className="ow-form-actions">
        <button type="button" className="ow-button ow-primary" onClick={apply}>
          Apply link
        </button>
        <button type="button" className="ow-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
