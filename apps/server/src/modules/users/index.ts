/**
 * What other modules use of users. Other modules import from here, never from the files inside.
 */
export { deleteMember } from './account-deletion.service.js';
export { presentAdminMember, presentUser } from './users.presenter.js';
export { assertPassword, getUser } from './users.service.js';
