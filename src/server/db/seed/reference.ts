/** Constant pools the generator draws from: countries, names, agents, providers, currencies. */

/** [ISO code, dialling code, weight, city]. Weights give the skew of a typical retail exchange. */
export const COUNTRIES: ReadonlyArray<readonly [string, string, number, string]> = [
  ['US', '1', 10, 'New York'], ['GB', '44', 6, 'London'], ['DE', '49', 6, 'Berlin'], ['FR', '33', 5, 'Paris'],
  ['NG', '234', 6, 'Lagos'], ['IN', '91', 8, 'Mumbai'], ['BR', '55', 5, 'Sao Paulo'], ['TR', '90', 5, 'Istanbul'],
  ['VN', '84', 4, 'Hanoi'], ['PH', '63', 4, 'Manila'], ['ID', '62', 5, 'Jakarta'], ['UA', '380', 3, 'Kyiv'],
  ['PL', '48', 2, 'Warsaw'], ['KE', '254', 3, 'Nairobi'], ['ZA', '27', 3, 'Johannesburg'], ['AR', '54', 3, 'Buenos Aires'],
  ['MX', '52', 3, 'Mexico City'], ['CO', '57', 2, 'Bogota'], ['CA', '1', 3, 'Toronto'], ['AU', '61', 2, 'Sydney'],
  ['JP', '81', 3, 'Tokyo'], ['KR', '82', 3, 'Seoul'], ['SG', '65', 2, 'Singapore'], ['AE', '971', 3, 'Dubai'],
  ['PK', '92', 3, 'Karachi'], ['BD', '880', 2, 'Dhaka'], ['EG', '20', 2, 'Cairo'], ['MA', '212', 1, 'Casablanca'],
  ['GH', '233', 2, 'Accra'], ['TH', '66', 2, 'Bangkok'], ['MY', '60', 2, 'Kuala Lumpur'], ['ES', '34', 3, 'Madrid'],
  ['IT', '39', 3, 'Milan'], ['NL', '31', 2, 'Amsterdam'], ['RU', '7', 2, 'Moscow'], ['PT', '351', 1, 'Lisbon'],
  ['SE', '46', 1, 'Stockholm'], ['CH', '41', 1, 'Zurich'], ['AT', '43', 1, 'Vienna'], ['BE', '32', 1, 'Brussels'],
  ['IE', '353', 1, 'Dublin'], ['RO', '40', 1, 'Bucharest'], ['CZ', '420', 1, 'Prague'], ['GR', '30', 1, 'Athens'],
  ['HU', '36', 1, 'Budapest'], ['IL', '972', 1, 'Tel Aviv'], ['SA', '966', 2, 'Riyadh'], ['CL', '56', 1, 'Santiago'],
  ['PE', '51', 1, 'Lima'], ['VE', '58', 1, 'Caracas'], ['NZ', '64', 1, 'Auckland'], ['HK', '852', 1, 'Hong Kong'],
  ['TW', '886', 1, 'Taipei'], ['KZ', '7', 1, 'Almaty'], ['GE', '995', 1, 'Tbilisi'], ['NO', '47', 1, 'Oslo'],
  ['DK', '45', 1, 'Copenhagen'], ['FI', '358', 1, 'Helsinki'], ['LT', '370', 1, 'Vilnius'], ['EE', '372', 1, 'Tallinn'],
  ['CY', '357', 1, 'Nicosia'], ['TZ', '255', 1, 'Dar es Salaam'], ['UG', '256', 1, 'Kampala'],
];
export const COUNTRY_CODES = COUNTRIES.map((c) => c[0]);
export const DIAL_CODES = COUNTRIES.map((c) => c[1]);
export const CITIES = COUNTRIES.map((c) => c[3]);
/** Country indexes (0-based) repeated by weight, so a uniform pick is a weighted pick. */
export const WEIGHTED_COUNTRY_IDX = COUNTRIES.flatMap((c, i) => Array<number>(c[2]).fill(i));

// Names without dots, apostrophes or digits: e-mail and username are built as first.last<n>, which
// stays unique only because the row number is the one run of digits.
export const FIRST_NAMES = [
  'James', 'Maria', 'Wei', 'Aisha', 'Carlos', 'Olga', 'Liam', 'Sofia', 'Ahmed', 'Yuki', 'Chinedu', 'Ana', 'Ivan',
  'Fatima', 'Lucas', 'Priya', 'Mehmet', 'Emma', 'Jonas', 'Chloe', 'Diego', 'Nadia', 'Kwame', 'Hana', 'Ravi', 'Elena',
  'Tomasz', 'Linh', 'Omar', 'Grace', 'Mateo', 'Ingrid', 'Daniel', 'Amara', 'Noah', 'Leila', 'Arjun', 'Zoe', 'Pedro', 'Mia',
];
export const LAST_NAMES = [
  'Smith', 'Garcia', 'Chen', 'Khan', 'Silva', 'Ivanova', 'Okafor', 'Nguyen', 'Mueller', 'Rossi', 'Kowalski', 'Tanaka',
  'Santos', 'Yilmaz', 'Patel', 'Dubois', 'Hansen', 'Mensah', 'Kim', 'Lopez', 'Novak', 'Haddad', 'Sato', 'Fischer',
  'Moreno', 'Cohen', 'Adeyemi', 'Petrov', 'Jensen', 'Martin', 'Reyes', 'Wang', 'Ali', 'Costa', 'Bauer', 'Ortiz',
  'Lindqvist', 'Kaya', 'Mwangi', 'Brown',
];
/** Reserved example domains: demo data must never mail a real inbox. */
export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example', 'inbox.test'];
export const STREETS = ['Main Street', 'Station Road', 'Park Avenue', 'Harbour Lane', 'Market Square', 'Hill Road', 'Lake View'];

export const WEB_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
];
export const ANDROID_AGENTS = [
  'okhttp/4.12.0',
  'Dart/3.4 (dart:io)',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36',
];
export const IOS_AGENTS = [
  'Exchange/381 CFNetwork/1496.0.7 Darwin/23.5.0',
  'Dart/3.4 (dart:io)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

/** Relative sign-in volume per UTC hour: quiet nights, a long working-day plateau, an evening peak. */
export const HOUR_WEIGHTS = [2, 1, 1, 1, 1, 2, 3, 5, 7, 8, 9, 9, 10, 10, 10, 10, 10, 11, 12, 11, 9, 7, 5, 3];
export const WEIGHTED_HOURS = HOUR_WEIGHTS.flatMap((w, h) => Array<number>(w).fill(h));

export const LOGIN_FAILURES = [
  'identity.session.invalid_params', 'identity.session.invalid_params', 'identity.session.invalid_params',
  'identity.session.invalid_otp', 'identity.session.missing_otp', 'identity.session.too_many_attempts',
];

/** Service-log results (spec §4) with weights: mostly success, a long tail of provider states. */
export const SERVICE_RESULTS: Record<string, number> = {
  success: 780, delivered: 60, accepted: 20, submitted: 20, pending: 15, in_transit: 10, approved: 10, failed: 30,
  not_delivered: 15, rejected: 8, undeliverable: 6, unknown: 5, expired: 5, rate_limited: 6, expired_auth: 2,
  spam_detected: 3,
};
export const EMAIL_SERVICES: Record<string, number> = { sendgrid: 6, mailgun: 3, smtp: 1 };
export const SMS_SERVICES: Record<string, number> = { twilio: 5, 'mock-verify': 3, vonage: 2 };
export const EMAIL_TOPICS: Record<string, number> = { login_notification: 5, password_reset: 2, email_confirmation: 1, deposit_notification: 2 };
export const SMS_TOPICS: Record<string, number> = { otp: 6, phone_verification: 2, password_reset: 1 };

/** [code, name, type, precision, typical balance scale, share of verified members holding it]. */
export const CURRENCIES: ReadonlyArray<readonly [string, string, 'coin' | 'fiat', number, number, number]> = [
  ['btc', 'Bitcoin', 'coin', 8, 3, 0.35], ['eth', 'Ethereum', 'coin', 8, 40, 0.3],
  ['usdt', 'Tether USD', 'coin', 6, 40_000, 0.45], ['trst', 'Trust Token', 'coin', 8, 500_000, 0.2],
  ['usd', 'US Dollar', 'fiat', 2, 60_000, 0.25], ['eur', 'Euro', 'fiat', 2, 40_000, 0.15],
];

export const LEVELS = [
  { id: 1, key: 'email', value: 'verified', description: 'User clicked on the confirmation link' },
  { id: 2, key: 'phone', value: 'verified', description: 'User entered a valid code from sms' },
  { id: 3, key: 'document', value: 'verified', description: 'User personal documents have been verified' },
];

export const BAN_REMARKS = ['Fraudulent activity', 'Chargeback on card deposit', 'Multiple accounts', 'Sanctions screening hit'];
export const INACTIVE_REMARKS = ['Requested account closure', 'Dormant account', 'Duplicate account', 'Lost access to email'];
export const COMMENT_TITLES = ['KYC review', 'Support ticket', 'Withdrawal review', 'Call back', 'Risk check'];
export const COMMENT_TEXTS = [
  'Customer called about a delayed withdrawal; explained the review window.',
  'Document photo was blurry, asked for a new upload.',
  'Source of funds confirmed by bank statement.',
  'Asked to reset 2FA after a phone change; identity confirmed by video call.',
  'Large deposit flagged by monitoring, cleared after review.',
];
