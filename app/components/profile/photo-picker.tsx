import { useEffect, useId, useRef, useState } from "react";
import { PROFILE_IMAGE_MESSAGE } from "../../../workers/services/accounts/profile.schema";
import { Avatar } from "../avatar";
import { useToast } from "../toast/toast";

/** The service's rule for a profile picture (PROFILE_IMAGE), sent down by the loader. */
export interface PhotoRule {
  maxBytes: number;
  types: readonly string[];
}

/**
 * The profile picture input with the current avatar beside it. With JavaScript a chosen file is
 * checked at once and previewed; without, the server checks it on save.
 */
export function PhotoPicker({ name, current, rule }: { name: string; current: string | null; rule: PhotoRule }) {
  const toast = useToast();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (file && (!rule.types.includes(file.type) || file.size > rule.maxBytes)) {
      toast.error(PROFILE_IMAGE_MESSAGE);
      input.value = "";
      setPreview(null);
      return;
    }
    setPreview(file ? URL.createObjectURL(file) : null);
  }

  // A picture chosen before the page's script started is checked and previewed once it has.
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration.
  useEffect(() => {
    if (input.current?.files?.length) choose(input.current);
  }, []);

  const megabytes = Math.round(rule.maxBytes / (1024 * 1024));
  return (
    <div className="photo-picker">
      <Avatar name={name} src={preview ?? current} size={96} className="profile-avatar" />
      <div className="field photo-picker__field">
        <label htmlFor={inputId}>Profile picture</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          name="profileImage"
          accept={rule.types.join(",")}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => choose(event.currentTarget)}
        />
        <p id={`${inputId}-hint`} className="field__hint">
          JPEG, PNG or WebP, up to {megabytes} MB.
        </p>
      </div>
    </div>
  );
}
