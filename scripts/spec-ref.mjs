// @ts-check
// The $ref resolver now lives in scripts/lib/spec.mjs; this re-export stays until compile-mock.mjs imports it from there.
export { deref } from "./lib/spec.mjs";
