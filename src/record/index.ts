// session-recordings-api-mock/record: record a project of the live service into a snapshot the
// stateful mock loads, read-only and anonymised, for scripts (Node only). The command is
// `session-recordings-api-mock record`.
export { type Anonymised, type AnonymiseOptions, anonymise, keepable } from "./anonymise.js";
export { type RawAccount, readAccount, UnknownProjectError } from "./read-account.js";
export { NotReadOnlyError } from "./read-only-fetch.js";
export { keyOf, PersonalDataError, type Recording, type RecordOptions, recordAccount, requiredScopes, type Sidecar } from "./record.js";
export { type RecordReport, reportLines } from "./report.js";
export { findPersonalData, type Leak, type LeakKind, type ScanOptions } from "./scan.js";
export { sidecarOf, writeRecording } from "./write-files.js";
