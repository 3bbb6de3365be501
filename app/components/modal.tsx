import { useEffect, useId, useRef } from "react";
import { CloseIcon } from "./icons";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, video[controls], [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  onClose: () => void;
  title: string;
  /** Keeps the title for screen readers only, e.g. in the full-screen viewer. */
  hideTitle?: boolean;
  className?: string;
  onKeyDown?: (event: React.KeyboardEvent<HTMLDialogElement>) => void;
  children: React.ReactNode;
}

/**
 * A modal dialog (BRAND.md: modals trap focus and close on Escape): open while mounted, so its
 * owner shows it with state and closes it by unmounting it. The browser's own modal `<dialog>`
 * makes the rest of the page inert and puts focus on the first control (the close button); Tab
 * also wraps inside it rather than leaving for the browser's toolbar, and focus goes back where it
 * was when it closes.
 */
export function Modal({ onClose, title, hideTitle = false, className, onKeyDown, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const root = document.documentElement;
    root.classList.add("has-modal");
    return () => {
      root.classList.remove("has-modal");
      dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  function trapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the parent decides, so its state and the dialog never disagree.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        trapTab(event);
        onKeyDown?.(event);
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop around the panel.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className={hideTitle ? "visually-hidden" : "modal__title"}>
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
