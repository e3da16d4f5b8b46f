import { PRODUCT_PAGE_STRINGS } from '@storefront/domain/shared/strings';
import { useEffect, useId, useRef, useState } from 'react';
import { loadInstallmentInfo, type InstallmentInfo } from './installment-info';

type InstallmentDialogProps = { locale: string; title: string; summary: string; onClose: () => void };

/**
 * SPEC 4 'Modal: opens and closes by click, Escape, or click outside'. Focus moves into the dialog
 * and back to the button that opened it.
 */
export function InstallmentDialog({ locale, title, summary, onClose }: InstallmentDialogProps) {
  const [info, setInfo] = useState<InstallmentInfo | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    void loadInstallmentInfo(locale).then((loaded) => {
      if (live) setInfo(loaded);
    });
    return () => {
      live = false;
    };
  }, [locale]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // The close button is the dialog's one control: Tab stays on it.
      if (event.key === 'Tab') {
        event.preventDefault();
        closeButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose]);

  return (
    <div className="modal" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {info?.title ?? title}
          </h2>
          <button ref={closeButton} className="modal__close" type="button" aria-label={PRODUCT_PAGE_STRINGS.close} onClick={onClose}>
            ×
          </button>
        </div>
        <p className="modal__summary">{summary}</p>
        {info?.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
      </div>
    </div>
  );
}
