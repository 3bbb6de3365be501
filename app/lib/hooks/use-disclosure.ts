import { useEffect, useRef, useState } from "react";

/**
 * Open/closed state for a header pop-over. Once hydrated it also closes on Escape (focus returns to
 * the pop-over's toggle, its first summary or button) and on a click outside it.
 */
export function useDisclosure<T extends HTMLElement>(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const ref = useRef<T>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setOpen(false);
      ref.current?.querySelector<HTMLElement>("summary, button")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return { open, setOpen, ref };
}
