// Entity schemas, one file per entity, are exported from here.
export {};
