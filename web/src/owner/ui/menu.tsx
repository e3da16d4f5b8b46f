import { useEffect, useId, useRef, useState } from 'react';
import './menu.css';

export type MenuAction = { label: string; onSelect: () => void; danger?: boolean; disabled?: boolean };

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens it on the first
 * action, ArrowUp on the last; arrows, Home and End move between actions; Enter or Space runs one;
 * Escape and Tab close it (Escape back to the button); a click elsewhere closes it.
 */
export function MenuButton({ label, actions, buttonText = 'More', className = 'ow-button' }: {
  /** The button's accessible name, e.g. "More actions for About". */
  label: string;
  actions: readonly MenuAction[];
  buttonText?: string;
  className?: string;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const enabled = actions.filter((a) => !a.disabled);

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
    (open === 'last' ? items?.[items.length - 1] : items?.[0])?.focus();
    const outside = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="ow-menu">
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        disabled={enabled.length === 0}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(e.key === 'ArrowUp' ? 'last' : 'first');
          }
        }}
      >
        {buttonText}
        <span aria-hidden="true" className="ow-menu-caret">▾</span>
      </button>
      {open && (
        <ul ref={menuRef} id={menuId} role="menu" aria-label={label} className="ow-menu-list" onKeyDown={onMenuKey}>
          {actions.map((a) => (
            <li key={a.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={a.disabled ? 'true' : undefined}
                className={a.danger ? 'ow-menu-item ow-menu-danger' : 'ow-menu-item'}
                onClick={() => {
                  if (a.disabled) return;
                  close(true);
                  a.onSelect();
                }}
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
