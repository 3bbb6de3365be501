import { Modal } from "../modal";
import { SizeChartTable } from "./size-chart-table";

/** The size chart in a modal; loaded when the shopper first asks for it. */
export default function SizeChartDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal onClose={onClose} title="Size Chart">
      <SizeChartTable />
    </Modal>
  );
}
