// What other areas may use from administration. Its pages are loaded lazily by the router from
// pages/ (see src/boundaries.test.ts); the license gate is loaded with the /license-ums page.
export { LicenseTenantGate } from './components/LicenseTenantGate';
