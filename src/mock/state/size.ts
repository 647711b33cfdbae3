// The size of state the admin routes take back (PUT /__mock/state), as the length of its JSON.
// JavaScript strings end at about 512 MiB (V8's 2^29 - 24 characters), past which a state could
// no longer be written out (GET /__mock/state, the --persist file): this leaves room for that.

/** The largest state's JSON PUT /__mock/state is sized for, in characters (bytes, for ASCII text). */
export const maxStateSize = 128 * 1024 * 1024;
