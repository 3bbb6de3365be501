import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon } from "../icons";

type Tone = "info" | "success" | "error";

interface Toast {
  id: number;
  tone: Tone;
  message: string;
  /** The page it was raised on; null while it is on its way to the next page. */
  pathname: string | null;
}

/** `toNextPage`: the message explains the page she is being sent to ("Please login first"), so it goes with her. */
type ToastOptions = { toNextPage?: boolean };

/** Each call answers the toast's id, for `dismiss`. */
export interface ToastApi {
  info(message: string, options?: ToastOptions): number;
  success(message: string, options?: ToastOptions): number;
  /** Errors are announced at once (role="alert"); the others wait for a pause (role="status"). */
  error(message: string, options?: ToastOptions): number;
  /** Takes a toast away before its time (the page it spoke about has moved on). */
  dismiss(id: number): void;
}

const DISMISS_AFTER_MS = 4_000;

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/**
 * Short messages at the top centre of the screen. One at a time: a new message replaces the one
 * showing (an expired coupon's refusal never stands beside the next coupon's success, and on a phone
 * a pile never covers the form), and a message belongs to its page: going to another page clears it, unless it was raised to explain
 * that page (`toNextPage`).
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(() => {
    const add = (tone: Tone) => (message: string, options?: ToastOptions) => {
      const id = nextId++;
      setToasts([{ id, tone, message, pathname: options?.toNextPage ? null : window.location.pathname }]);
      return id;
    };
    return { info: add("info"), success: add("success"), error: add("error"), dismiss };
  }, [dismiss]);
  const { pathname } = useLocation();
  useEffect(
    () =>
      setToasts((all) => {
        const kept = all.filter((t) => t.pathname === pathname || t.pathname === null);
        return kept.length === all.length && kept.every((t) => t.pathname !== null) ? all : kept.map((t) => ({ ...t, pathname }));
      }),
    [pathname],
  );

  // A message of another page is not drawn in the same render that draws the new page (the effect
  // above then lets it go), so it never shows over the next page, even for a frame.
  const list = (errors: boolean) =>
    toasts
      .filter((t) => (t.pathname === pathname || t.pathname === null) && (t.tone === "error") === errors)
      .map((t) => <ToastItem key={t.id} toast={t} onDismiss={dismiss} />);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite">
          {list(false)}
        </div>
        <div role="alert">{list(true)}</div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(toast.id), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [held, toast.id, onDismiss]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus inside only hold the dismissal timer; the button is the control
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: as above
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p>{toast.message}</p>
      <button type="button" className="toast__close" aria-label="Dismiss message" onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider above it (app/root.tsx)");
  return api;
}
