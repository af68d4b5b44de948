/** Help pages (issue 22 point 5; docs/support.md): support requests, FAQs and the privacy policy. */
export { registerSupport } from './routes';
