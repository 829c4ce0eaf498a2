/** The login throttle lives in lib (users and app passwords use it too); this keeps the OPDS import working. */
export { LoginThrottle } from '../../lib/login-throttle.js';
