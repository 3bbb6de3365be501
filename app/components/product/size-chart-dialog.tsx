import { Modal } from "../modal";
import { FIND_MY_SIZE_TARGET, SizeChartTable } from "./size-chart-table";

/** Opens the page's size finder at its first field, once the modal has closed and handed focus back. */
function findMySize(onClose: () => void) {
  onClose();
  setTimeout(() => {
    const field = document.getElementById(FIND_MY_SIZE_TARGET);
    const disclosure = field?.closest("details");
    if (disclosure) disclosure.open = true;
    field?.focus();
  }, 0);
}

/** The size chart in a modal; loaded when the shopper first asks for it. */
export default function SizeChartDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal onClose={onClose} title="Size Chart">
      <SizeChartTable />
      <p className="size-chart__finder">
        <button type="button" className="link-button" onClick={() => findMySize(onClose)}>
          Find my size from my measurements
        </button>
      </p>
    </Modal>
  );
}
