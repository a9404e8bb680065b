// An image field of the admin editors (issue 6 "Images"), in a form with
// encType="multipart/form-data":
// - without JavaScript, a native file input whose file is posted with the form (the action
//   stores it with resolveImageField, domain/image.server.ts);
// - with JavaScript, the picked file is uploaded at once to /admin/dashboard/uploads, a preview
//   shows while it uploads, and its stored address goes into the hidden field; the form cannot
//   be submitted until the upload has finished;
// - an existing image is kept (the hidden field), replaced (a new file) or removed (the
//   "Remove image" box).
// Field names come from imageFieldNames(name): `name` (address), `${name}File`, `${name}Remove`.
// The image's alt text inputs (content/kit/image-alt.ts) sit beside the picture (`children`),
// and a saved image without them says so (`lacksAlt`), so staff see which images to describe.
import { ImageIcon, SpinnerGapIcon, WarningCircleIcon } from "@phosphor-icons/react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  IMAGE_ACCEPT,
  IMAGE_HINT,
  IMAGE_MAX_BYTES,
  IMAGE_UPLOAD_FAILED,
  IMAGE_UPLOAD_NETWORK,
  imageFieldNames,
  imageRefusalText,
  UPLOAD_ACTION,
} from "~/domain/image";
import { isSafeImageSrc } from "~/lib/links";

/** A saved image that screen readers cannot describe: what the editor says beside it. */
export const ALT_MISSING_NOTE =
  "No alt text yet: describe this image below, or mark it decorative.";

interface UploadAnswer {
  url?: string;
  error?: string;
}

export function ImageField({
  id: inputId,
  name,
  label,
  defaultValue,
  errors,
  hint = IMAGE_HINT,
  onUploadingChange,
  removable = true,
  lacksAlt = false,
  children,
}: {
  /** The file input's id (an error summary links to it); a generated one when not given. */
  id?: string;
  /** The schema's field for the image address (e.g. "image"). */
  name: string;
  label: string;
  /** The saved address (or the one the last post sent back). */
  defaultValue: string;
  /** The field's errors from the server or conform (e.g. 'Please upload a valid image.'). */
  errors?: string[];
  hint?: string;
  /** Told when an upload starts and ends: disable the form's submit button meanwhile. */
  onUploadingChange?: (uploading: boolean) => void;
  /** False for a required image (a blog post's): it can be replaced, not removed. */
  removable?: boolean;
  /** The saved image is neither described nor marked decorative. */
  lacksAlt?: boolean;
  /** The alt text inputs, beside the picture. */
  children?: ReactNode;
}) {
  const names = imageFieldNames(name);
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const fileRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultValue);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);

  // A new saved value (after a save with JavaScript, the same inputs stay mounted).
  useEffect(() => {
    setUrl(defaultValue);
    setRemoved(false);
  }, [defaultValue]);

  useEffect(() => {
    onUploadingChange?.(uploading);
    const form = fileRef.current?.form;
    if (!uploading || !form) return;
    // Enter in a text field submits too: refuse every submit until the address is known.
    const block = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    form.addEventListener("submit", block, true);
    return () => form.removeEventListener("submit", block, true);
  }, [uploading, onUploadingChange]);

  // The picked file's local preview is freed when replaced or unmounted.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function upload(file: File) {
    setUploadError(null);
    setRemoved(false);
    // Refused here without sending it: the server would refuse it too, after the wait.
    if (file.size > IMAGE_MAX_BYTES) {
      setUploadError(imageRefusalText({ kind: "too-large", bytes: file.size }));
      if (fileRef.current) fileRef.current.value = "";
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    const body = new FormData();
    body.append("file", file);
    try {
      // A plain fetch, not a fetcher: a network failure must become the SPEC's message beside
      // the field, not the route's error page.
      const response = await fetch(UPLOAD_ACTION, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json().catch(() => ({}))) as UploadAnswer;
      if (response.ok && answer.url) {
        setUrl(answer.url);
      } else {
        setUploadError(answer.error ?? IMAGE_UPLOAD_FAILED);
        setPreview(null);
      }
    } catch {
      setUploadError(IMAGE_UPLOAD_NETWORK);
      setPreview(null);
    } finally {
      // The file is stored (or refused): it must not be posted a second time with the form.
      if (fileRef.current) fileRef.current.value = "";
      setUploading(false);
    }
  }

  const shown = preview ?? (isSafeImageSrc(url) ? url : null);
  const allErrors = [...(uploadError ? [uploadError] : []), ...(errors ?? [])];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      <input type="hidden" name={names.url} value={url} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="relative h-[135px] w-[240px] shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          {shown && !removed ? (
            <img
              src={shown}
              alt={`Current ${label.toLowerCase()}`}
              width={240}
              height={135}
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full w-full flex-col items-center justify-center gap-1 text-sm text-slate-600">
              <ImageIcon aria-hidden="true" className="h-8 w-8" />
              No image
            </div>
          )}
          {uploading ? (
            <div className="absolute inset-0 flex items-center justify-center bg-white/70">
              <SpinnerGapIcon aria-hidden="true" className="h-8 w-8 animate-spin text-blue-700" />
            </div>
          ) : null}
        </div>
        <div className="grid min-w-0 gap-2">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {url ? "Replace with a new file" : "Choose a file"}
          </label>
          <input
            ref={fileRef}
            id={id}
            type="file"
            name={names.file}
            accept={IMAGE_ACCEPT}
            aria-describedby={[hintId, allErrors.length ? errorId : "", statusId]
              .filter(Boolean)
              .join(" ")}
            aria-invalid={allErrors.length ? true : undefined}
            disabled={uploading}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
            className="block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          />
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
          <p id={statusId} role="status" className="text-sm font-medium text-blue-800">
            {uploading ? "Uploading image..." : ""}
          </p>
          {url && removable ? (
            <label className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={names.remove}
                checked={removed}
                onChange={(event) => setRemoved(event.currentTarget.checked)}
                className="h-4 w-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              />
              Remove image
            </label>
          ) : null}
          {allErrors.length ? (
            <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
              <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{allErrors.join(" ")}</span>
            </p>
          ) : null}
          {lacksAlt && url === defaultValue && !removed ? (
            <p className="flex items-start gap-1.5 rounded-md bg-amber-50 px-2.5 py-1.5 text-sm font-medium text-amber-900">
              <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{ALT_MISSING_NOTE}</span>
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </fieldset>
  );
}
