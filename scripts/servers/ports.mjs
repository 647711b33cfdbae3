// Ports for `npm start`, `npm run mock` and `npm run mock:stateful`: read from the environment,
// and what to say when one is taken.
/**
 * The port in the environment variable `name`, or `fallback` when it is unset; exits on one that is not a port.
 * @param {string} name
 * @param {number} fallback
 */
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

/**
 * Why a server did not start: for a port in use, how to pick another (`remedy`). Node's listen
 * error has the code; Prism, a child process, only prints it.
 * @param {Error & { code?: string }} error
 * @param {number} port
 * @param {string} remedy
 */
export function startFailure(error, port, remedy) {
  const inUse = error.code === "EADDRINUSE" || /EADDRINUSE|address already in use/i.test(error.message);
  return inUse ? `Port ${port} is in use: ${remedy}.` : error.message;
}
