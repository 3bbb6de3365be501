import { Modal } from "../modal";
import { SizeChartTable } from "./size-chart-table";

/** Opens the page's size finder at its first field, once the modal has closed and handed focus back. */
function findMySize(onClose: () => void, target: string) {
  onClose();
  setTimeout(() => {
    const field = document.getElementById(target);
    const disclosure = field?.closest("details");
    if (disclosure) disclosure.open = true;
    field?.focus();
  }, 0);
}

/**
 * The size chart in a modal; loaded when the shopper first asks for it. `finderTarget` is passed in
 * rather than imported: an import from the page's own chunk would split that chunk in two.
 */
export default function SizeChartDialog({ onClose, finderTarget }: { onClose: () => void; finderTarget: string }) {
  return (
    <Modal onClose={onClose} title="Size Chart">
      <SizeChartTable />
      <p className="size-chart__finder">
        <button type="button" className="link-button" onClick={() => findMySize(onClose, finderTarget)}>
          Find my size from my measurements
        </button>
      </p>
    </Modal>
  );
}
