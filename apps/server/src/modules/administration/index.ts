/** Administration (menus, user settings, the audit view): what other areas may use. */
export { ADMIN_CENTER_MENU } from './policy';
export { registerAdministration } from './routes';
