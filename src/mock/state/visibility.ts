// Soft delete, decided here and only here. Behaviour the spec states in prose (the operations'
// descriptions; DECISIONS.md "Soft-deleted playlists" and "Single subscriptions"), which no
// schema can: a playlist or subscription whose `deleted` is true stays stored; reads answer 404
// for it and listings leave it out, unless a listing asks for deleted records
// (`deleted=true`); an update still reaches it, and `deleted: false` restores it. (The hard
// DELETE is refused by the spec itself: see ../negotiate.ts.)

type SoftDeletable = { deleted?: boolean | null };

/** Whether a read (GET, and what acts on the record, such as adding a recording) finds it. */
export const readable = (record: SoftDeletable): boolean => !record.deleted;

/** Whether a listing shows it: deleted records only when the listing's query asks for them. */
export const listed = (record: SoftDeletable, query: Record<string, unknown>): boolean => Boolean(record.deleted) === (query.deleted === true);

/** What an operation finds of `record`: an update finds it even when deleted. */
export const findFor = <T extends SoftDeletable>(record: T | undefined, access: "read" | "update"): T | undefined =>
  record && (access === "update" || readable(record)) ? record : undefined;
