import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { SCREEN_TEXTS, WEB_TEXTS } from '@prijsalarm/core';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question (native <dialog>: focus stays inside, Escape cancels, the page behind is
 * inert). The focus starts on "Annuleren", the safe answer, and returns where it came from.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
      return () => opener?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <div id={textId} className="dialog__text">
            {children}
          </div>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              data-autofocus
              onClick={onCancel}
            >
              {SCREEN_TEXTS.common.cancel}
            </button>
            <button
              type="button"
              className="button button--danger"
              aria-disabled={busy}
              onClick={() => {
                if (!busy) onConfirm();
              }}
            >
              {busy ? WEB_TEXTS.form.busy : confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
