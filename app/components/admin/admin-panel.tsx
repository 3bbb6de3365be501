import type { ReactNode } from "react";

/** One panel of a back-office detail page: a section named by its heading (`id` links the two). */
export function AdminPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
