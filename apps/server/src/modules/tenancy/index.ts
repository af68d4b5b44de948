/** Tenancy (tenants, subscriptions, seats, metering): what other areas may use. */
export { registerTenancy } from './routes';
export { addStorageBytes, type Usage, usageWarnings } from './usage';
