/**
 * The uploads' table in a store's state (src/store/uploads.ts writes it): its own module, so the
 * state can hold it without importing the writes.
 *
 * Layer: store. Plain values.
 */

/** An upload document, its keys in the real server's order. */
export interface UploadDoc {
  readonly _id: string;
  readonly name: string;
  readonly size: number;
  readonly type: string;
  readonly rid: string;
  readonly userId: string;
  readonly store: string;
  readonly [key: string]: unknown;
}

/** An upload: its document and its bytes. */
export interface StoredUpload {
  readonly doc: UploadDoc;
  readonly bytes: Buffer;
}

/** The uploads of one store and the bytes they hold. */
export interface Uploads {
  readonly byId: Map<string, StoredUpload>;
  bytes: number;
  made: number;
}

export function newUploads(): Uploads {
  return { byId: new Map(), bytes: 0, made: 0 };
}
