// Ports for `npm start` and `npm run mock`, overridable from the environment.
export function portFromEnv(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number from 1 to 65535, got "${value}"`);
    process.exit(2);
  }
  return port;
}
