// Hubs and home pages (issues 17, 18 and 22): composed of shared/blocks; reached through the router,
// and a tenant's own hub pages, which the tenant home shows.
export { TenantHubs } from './components/TenantHubs';
