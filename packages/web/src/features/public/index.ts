// What other features may use of the public pages.
export { NewPasswordFields } from './NewPasswordFields';
