import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useT } from "#app/i18n/useT.ts";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { AlertDialog } from "#app/ui/AlertDialog.tsx";
import { FieldError } from "#app/ui/Field.tsx";
import { CloseIcon } from "#app/ui/icons.tsx";
import { checkPhotoAddition } from "#app/features/counter-inquiry/photo-rules.ts";
import { MAX_PHOTOS } from "#app/features/counter-inquiry/schema.ts";
import styles from "./counter.module.css";

export interface PickedPhoto {
  id: string;
  file: File;
  /** An object URL for the thumbnail, revoked when the photo is removed. */
  url: string;
}

let nextId = 0;

/**
 * Photos of an A/S request: a button that opens the camera roll, thumbnails
 * with a remove button each, and the photo-limit modal (spec §2 Overlays)
 * when an addition would make more than 3. Without JavaScript it is the
 * native multiple file input, checked by the server.
 */
export function PhotoPicker({
  photos,
  onChange,
  error,
  onRejected,
}: {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  error?: string;
  onRejected: (message: string | undefined) => void;
}) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const [limitOpen, setLimitOpen] = useState(false);

  // Object URLs live as long as their thumbnail: revoke what is left on unmount.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  });
  useEffect(() => () => latest.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  function add(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const incoming = Array.from(input.files ?? []);
    // Clear the input so that the same photo can be chosen again after removing it.
    input.value = "";
    if (incoming.length === 0) return;
    const rejection = checkPhotoAddition(photos.length, incoming);
    if (rejection === "limit") {
      setLimitOpen(true);
      return;
    }
    if (rejection) {
      onRejected(rejection === "type" ? "counter.errors.photoType" : "counter.errors.photoSize");
      return;
    }
    onRejected(undefined);
    onChange([...photos, ...incoming.map((file) => ({ id: `photo-${nextId++}`, file, url: URL.createObjectURL(file) }))]);
  }

  function remove(photo: PickedPhoto) {
    URL.revokeObjectURL(photo.url);
    onChange(photos.filter((p) => p.id !== photo.id));
  }

  const errorId = error ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");
  return (
    <fieldset className={styles.photos} aria-describedby={describedBy} aria-invalid={!!error || undefined}>
      <legend className={styles.legend}>
        {t("counter.form.photos.label")}
        <span className={styles.required} aria-hidden="true">
          {" "}
          *
        </span>
        <span className="visually-hidden"> ({t("counter.form.required")})</span>
      </legend>
      <p id={hintId} className={styles.hint}>
        {t("counter.form.photos.hint")}
      </p>
      {hydrated ? (
        <ul className={styles.thumbs}>
          {photos.map((photo, index) => (
            <li key={photo.id} className={styles.thumb}>
              <img src={photo.url} width={96} height={96} alt={t("counter.form.photos.alt", { n: index + 1 })} />
              <button
                type="button"
                className={styles.remove}
                onClick={() => remove(photo)}
                aria-label={t("counter.form.photos.remove", { n: index + 1 })}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
          <li>
            <input
              id={id}
              type="file"
              accept="image/*"
              multiple
              className={`visually-hidden ${styles.fileInput}`}
              onChange={add}
              aria-describedby={describedBy}
            />
            <label htmlFor={id} className={styles.addPhoto}>
              <span aria-hidden="true" className={styles.plus}>
                +
              </span>
              <span>{t("counter.form.photos.add")}</span>
              <span className={styles.count}>{t("counter.form.photos.count", { count: photos.length, max: MAX_PHOTOS })}</span>
            </label>
          </li>
        </ul>
      ) : (
        // Before JavaScript: the plain input, posted with the form and checked by the server.
        <input
          id={id}
          type="file"
          name="photos"
          accept="image/*"
          multiple
          className={styles.nativeFile}
          aria-label={t("counter.form.photos.label")}
          aria-describedby={describedBy}
        />
      )}
      <FieldError id={errorId} message={error} />
      <AlertDialog
        open={limitOpen}
        onClose={() => setLimitOpen(false)}
        lang="ko"
        message={t("counter.photoLimit.message")}
        confirmLabel={t("counter.photoLimit.confirm")}
      />
    </fieldset>
  );
}
