// Shared by upload-progress.tsx and the upload-fetch.ts it loads lazily, so neither imports the other back.
export interface UploadState {
  /** The form whose submission is being uploaded (null for a programmatic submit). */
  form: HTMLFormElement | null;
  loaded: number;
  total: number;
}
