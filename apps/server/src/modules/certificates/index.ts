/** Certificates: issued on `learning.program.completed` (its handler), checked in public. */
export { registerCertificateHandlers } from './event-handlers';
export { registerCertificates } from './routes';
export { heldCertificate, issueCertificate } from './service';
