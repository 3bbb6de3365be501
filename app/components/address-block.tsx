import { Fragment } from "react";
import { type AddressLayout, addressLines, type PrintedAddress } from "../../workers/services/accounts/address-block.rules";

/** An address as the shop prints it (address-block.rules.ts), one line under another; the name in bold unless `plainName`. */
export function AddressBlock({
  address,
  layout,
  className,
  plainName = false,
}: {
  address: PrintedAddress;
  layout?: AddressLayout;
  className?: string;
  plainName?: boolean;
}) {
  const [name, ...rest] = addressLines(address, layout);
  return (
    <address className={className}>
      {plainName ? name : <strong>{name}</strong>}
      {rest.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the address's own lines, always in the same order
        <Fragment key={i}>
          <br />
          {line}
        </Fragment>
      ))}
    </address>
  );
}
