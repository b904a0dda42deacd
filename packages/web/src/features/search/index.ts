// What the app shell uses of Search: the header's button, which also listens for `/` and Ctrl+K.
export { SearchLauncher } from './SearchLauncher';
