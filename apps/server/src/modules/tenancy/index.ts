/** Tenancy (tenants, subscriptions, seats, metering): what other areas may use. */
export { registerTenancy } from './routes';
export { addStorageBytes, storageHeadroom, type Usage, usageWarnings } from './usage';
