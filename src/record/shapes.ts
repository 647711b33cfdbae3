// What a string looks like, for the anonymiser's choices and the final scan: an email, an IP
// address, a phone number, a UUID, an id. Shared so both read the same shapes.
import { isIP } from "node:net";

export const emailShape = /[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;
export const uuidShape = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** An address of the pseudonyms' reserved domain (RFC 6761 `.invalid`). */
export const isPseudonymEmail = (email: string) => /\.invalid$/i.test(email);

export const isEmail = (text: string) => new RegExp(`^${emailShape.source}$`, "i").test(text);
export const isUuid = (text: string) => new RegExp(`^${uuidShape.source}$`, "i").test(text);
/** A path segment that names a record rather than a page: digits, or a long run of letters and digits mixed. */
export const isIdLike = (text: string) => /^\d+$/.test(text) || (text.length >= 16 && /\d/.test(text) && /[a-z]/i.test(text) && /^[\w-]+$/.test(text));

/** A JWT (three base64url segments, the first a JSON header) or a personal API key of the service. */
const tokenShape = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*|phx_[a-z0-9]{16,}/gi;

/** The tokens in `text`: JWTs and personal API keys. */
export const tokensIn = (text: string): string[] => text.match(tokenShape) ?? [];

/**
 * A path segment that is a secret rather than a page: a JWT, or 16 or more characters of
 * the base64, hex or URL alphabets that mix letters and digits, or mix cases as random text does
 * (a name such as UserSettingsPage has few capitals; a slug none).
 */
export function isTokenLike(text: string): boolean {
  if (tokensIn(text).length > 0) return true;
  if (text.length < 16 || !/^[\w.~+/=%-]+$/.test(text)) return false;
  if (/\d/.test(text) && /[a-z]/i.test(text)) return true;
  const upper = text.replace(/[^A-Z]/g, "").length;
  const lower = text.replace(/[^a-z]/g, "").length;
  return upper >= 4 && lower >= 4 && upper / (upper + lower) >= 0.25;
}

/** The IP addresses in `text`, v4 and v6, as node:net reads them. */
export function ipsIn(text: string): string[] {
  const candidates = text.match(/(?:\d{1,3}\.){3}\d{1,3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?:(?:\d{1,3}\.){3}\d{1,3})?/gi) ?? [];
  return candidates.filter((candidate) => isIP(candidate) !== 0 && !/^:+$/.test(candidate));
}

/**
 * The phone numbers in `text`: 9 to 15 digits, with a leading `+`, or grouped by spaces, dots,
 * dashes or brackets, or a bare run of 10 to 15 digits. Dates, times and UUIDs are left out first.
 */
export function phonesIn(text: string): string[] {
  const plain = text.replace(uuidShape, " ").replace(/\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/gi, " ");
  const candidates = plain.match(/\+?\(?\d[\d\s().-]{7,22}\d/g) ?? [];
  return candidates.filter((candidate) => {
    const digits = candidate.replace(/\D/g, "").length;
    if (digits < 9 || digits > 15) return false;
    if (!(candidate.startsWith("+") || /[\s().-]/.test(candidate))) return digits >= 10;
    // Grouped digits are a phone number's when every group has two or more (a version such as 118.0.5993.88 has not); a country code may have one.
    const groups = candidate.split(/\D+/).filter(Boolean);
    return groups.every((group, index) => group.length >= 2 || (index === 0 && candidate.startsWith("+")));
  });
}

/** Whether `digits` pass the Luhn check, as every payment card number does. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The payment card numbers in `text`, passing the Luhn check: 13 to 19 digits grouped by spaces or
 * dashes, or 15 or 16 run together starting as cards do (3 to 6; a time in milliseconds starts with 1).
 */
export function cardsIn(text: string): string[] {
  const plain = text.replace(uuidShape, " ");
  const candidates = plain.match(/(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g) ?? [];
  return candidates.filter((candidate) => {
    const digits = candidate.replace(/\D/g, "");
    const grouped = digits.length !== candidate.length;
    return (grouped || (/^[3-6]/.test(digits) && digits.length >= 15 && digits.length <= 16)) && luhn(digits);
  });
}
