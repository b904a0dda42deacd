// What other features may use of the registration steps (sign-up shares their frame).
export { RegistrationFrame } from './RegistrationFrame';
