import type { ReactNode } from "react";
import { type Column, TableHead } from "./admin-lists";
import { TableScroll } from "./table-scroll";

/**
 * The pieces of an order or a return in the back office: a table that scrolls on its own on a narrow
 * screen, its caption for assistive technology, the columns, and one row a piece (`children`).
 */
export function LinesTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: ReactNode;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/** A piece's first cells: its name (a link to the product while it is still sold), colour and size. */
export function PieceCells({ line: l }: { line: { href: string | null; name: string; color: string; size: string } }) {
  return (
    <>
      <th scope="row">{l.href ? <a href={l.href}>{l.name}</a> : l.name}</th>
      <td>{l.color}</td>
      <td>{l.size}</td>
    </>
  );
}
