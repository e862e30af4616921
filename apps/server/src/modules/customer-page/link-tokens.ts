import { randomBytes, randomInt } from 'node:crypto';
import { LINK_TOKEN_BYTES, LINK_TOKEN_PATTERN, VISIT_CODE_DIGITS } from '@portal/domain/customer-page';
import { hashToken } from '../../lib/passwords';

// A link's token: 128 random bits, sent once by SMS and kept nowhere but as its SHA-256 (decision 260).

export const newLinkToken = () => randomBytes(LINK_TOKEN_BYTES).toString('base64url');

/** The hash a token is looked up by; null for a text that cannot be a token (looked up nowhere). */
export const linkTokenHash = (token: string) => (LINK_TOKEN_PATTERN.test(token) ? hashToken(token) : null);

export const newVisitCode = () => String(randomInt(0, 10 ** VISIT_CODE_DIGITS)).padStart(VISIT_CODE_DIGITS, '0');
