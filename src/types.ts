// The generated types on their own, for code that needs the API's shapes but not the client.
export type * from "../generated/openapi.js";
