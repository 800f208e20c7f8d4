import { LoginRequestSchema, TokenResponseSchema } from '../../shared/schemas/auth.schemas.js';
import { contract } from '../route-contract.js';
import { LOGIN_LIMITS, problem } from './shared.js';

export const login = contract({
  method: 'post',
  path: '/api/v1/auth/login',
  operationId: 'login',
  summary: 'Log in: an access token for an email and password',
  description:
    'Returns a JWT (HS256) to send as `Authorization: Bearer <access_token>` on every tenant endpoint. ' +
    'A wrong email and a wrong password get the same 401. Limited per client IP and per email.',
  tag: 'Auth',
  security: 'none',
  limits: LOGIN_LIMITS,
  body: LoginRequestSchema,
  responses: {
    200: { description: 'The access token.', schema: TokenResponseSchema },
    400: problem('Invalid body; `errors` names each bad field.'),
    401: problem('Wrong email or password.'),
    413: problem('Body over 1 MiB.'),
    415: problem('Body is not application/json.'),
    429: problem('Too many attempts from this IP or for this email; see `Retry-After`.'),
    503: problem('Shared rate-limit store (Redis) unreachable: login fails closed; see `Retry-After`.'),
  },
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [login] as const;
