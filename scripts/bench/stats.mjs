// Summaries of the benches' repeated measurements.

/**
 * The middle value (the upper one of an even count), so one slow round does not move it.
 * @param {number[]} values
 */
export const median = (values) => /** @type {number} */ ([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
